/**
 * Which language the app speaks (issue 31), most specific first: a card link's `?lang=`, the
 * signed-in person's choice (their account's `language`), the choice kept on this device, the
 * browser's languages, English.
 */
import { isLocale, LANGUAGE_COOKIE, matchLocale, type TLocale } from '@vbc/shared/i18n/locales';
import { readStored, writeStored } from '../platform/storage.ts';

export interface TLocaleChoices {
  /** `?lang=` of the page's address. */
  query?: string | null;
  /** The signed-in account's `language` (null: follow the device). */
  account?: string | null;
  /** The choice kept on this device (a signed-out visitor's). */
  stored?: string | null;
  /** `navigator.languages` (or, on the server, the Accept-Language tags). */
  browser?: readonly string[];
}

/** The locale the choices pick: the first of them that is one of ours, else the browser's best match, else English. */
export function chooseLocale({ query, account, stored, browser = [] }: TLocaleChoices): TLocale {
  for (const choice of [query, account, stored]) if (isLocale(choice)) return choice;
  return matchLocale(browser);
}

/** The account's `language` (PUT /api/personalAccount/language; null or absent: follow the device). */
export const accountLocale = (account: { language?: string | null } | null | undefined): TLocale | null => {
  const language = account?.language;
  return isLocale(language) ? language : null;
};

/** The `?lang=` of `search` (a URL's query string), if it names one of our locales. */
export function queryLocale(search: string): TLocale | null {
  const lang = new URLSearchParams(search).get('lang');
  return isLocale(lang) ? lang : null;
}

/** The language kept on this device (Settings → Language when signed out), or null to follow the browser. */
export const storedLocale = (): TLocale | null => {
  const stored = readStored('language');
  return isLocale(stored) ? stored : null;
};

/**
 * Tells the server the device's choice (the `vbc_lang` cookie: path /, a year, SameSite=Lax), so
 * the pages it renders (a card, a pet, the not-found and "Forget my details" pages) come in that
 * language before the app starts; null clears it (the server then follows Accept-Language).
 */
export function writeLocaleCookie(locale: TLocale | null): void {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${locale ?? ''}; path=/; max-age=${locale ? 365 * 24 * 60 * 60 : 0}; samesite=lax${secure}`;
}

/** Keeps `locale` on this device (and in the cookie the server reads); null forgets it (follow the device's languages). */
export const storeLocale = (locale: TLocale | null): void => {
  writeStored('language', locale);
  writeLocaleCookie(locale);
};

/** The browser's preferred languages, most wanted first. */
export const browserLanguages = (): readonly string[] =>
  typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];

/** Dispatched on document when the person picks a language (Settings), for the app to follow at once. */
export const LANGUAGE_CHOSEN_EVENT = 'vbc:language-chosen';
