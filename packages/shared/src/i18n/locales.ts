/**
 * The languages the product speaks (issue 31) and how a visitor's preferences pick one. English is
 * SPEC's own text and the fallback for anything not matched.
 */
import { z } from 'zod';

export const LOCALES = ['en', 'fil', 'es', 'ar'] as const;
export type TLocale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: TLocale = 'en';
export const ZLocale = z.enum(LOCALES, { error: `Must be one of ${LOCALES.join(', ')}.` });

/** Each language's own name, as a language picker shows it. */
export const LOCALE_NAMES: Readonly<Record<TLocale, string>> = { en: 'English', fil: 'Filipino', es: 'Español', ar: 'العربية' };

const RTL: ReadonlySet<TLocale> = new Set(['ar']);

/** The writing direction of `locale`, as `<html dir>` takes it. */
export const localeDirection = (locale: TLocale): 'ltr' | 'rtl' => (RTL.has(locale) ? 'rtl' : 'ltr');

export const isLocale = (value: unknown): value is TLocale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** Primary subtags that mean one of ours: Tagalog is the language Filipino is standardised from. */
const ALIASES: Readonly<Record<string, TLocale>> = { tl: 'fil' };

/**
 * The first of `preferred` (BCP 47 tags, most wanted first: `navigator.languages`, or
 * `parseAcceptLanguage`'s result) that names one of our languages by its primary subtag
 * (`es-MX` → `es`), or English.
 */
export function matchLocale(preferred: readonly string[]): TLocale {
  for (const tag of preferred) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
    if (isLocale(primary)) return primary;
    const alias = ALIASES[primary];
    if (alias) return alias;
  }
  return DEFAULT_LOCALE;
}

/** The tags of an `Accept-Language` header (RFC 9110 §12.5.4), highest weight first; `q=0` and `*` dropped. */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 50)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((e) => e.tag && e.tag !== '*' && Number.isFinite(e.weight) && e.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((e) => e.tag);
}

/**
 * The cookie that carries a device's language choice (Settings → Language while signed out) to the
 * server, so a page it renders is already in that language: `vbc_lang={locale}`, path /, a year,
 * SameSite=Lax; absent when the device follows the browser.
 */
export const LANGUAGE_COOKIE = 'vbc_lang';
