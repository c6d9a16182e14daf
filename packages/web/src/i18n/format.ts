/**
 * Dates, times and numbers in the active locale (Intl): never formatted by hand, never in a
 * fixed locale. `useFormat()` in components; the plain functions where a locale is at hand.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TLocale } from '@vbc/shared/i18n/locales';
import { activeLocale } from './i18n.ts';

type TDateInput = Date | string | number;
const toDate = (value: TDateInput) => (value instanceof Date ? value : new Date(value));

/** `value` as a date ('28 Nov 2026' / '28 nov 2026' / '٢٨ نوفمبر ٢٠٢٦'), medium style unless `options` say otherwise. */
export const formatDate = (locale: TLocale, value: TDateInput, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string =>
  new Intl.DateTimeFormat(locale, options).format(toDate(value));

/** `value` as a time of day, short style unless `options` say otherwise. */
export const formatTime = (locale: TLocale, value: TDateInput, options: Intl.DateTimeFormatOptions = { timeStyle: 'short' }): string =>
  new Intl.DateTimeFormat(locale, options).format(toDate(value));

/** `value` as date and time, medium date and short time unless `options` say otherwise. */
export const formatDateTime = (
  locale: TLocale,
  value: TDateInput,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' },
): string => new Intl.DateTimeFormat(locale, options).format(toDate(value));

/** `value` as a number with the locale's digits and grouping. */
export const formatNumber = (locale: TLocale, value: number, options?: Intl.NumberFormatOptions): string =>
  new Intl.NumberFormat(locale, options).format(value);

/** The formatters above, bound to the active locale (re-rendered when it changes). */
export function useFormat() {
  const { i18n } = useTranslation();
  const locale = activeLocale(i18n);
  return useMemo(
    () => ({
      locale,
      date: (value: TDateInput, options?: Intl.DateTimeFormatOptions) => formatDate(locale, value, options),
      time: (value: TDateInput, options?: Intl.DateTimeFormatOptions) => formatTime(locale, value, options),
      dateTime: (value: TDateInput, options?: Intl.DateTimeFormatOptions) => formatDateTime(locale, value, options),
      number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(locale, value, options),
    }),
    [locale],
  );
}
