import type { FastifyRequest } from 'fastify';
import { isLocale, LANGUAGE_COOKIE, matchLocale, parseAcceptLanguage, type TLocale } from '@vbc/shared/i18n/locales';

/** A page's language and whether the request's headers chose it (then it `Vary`s by them). */
export interface TPageLocale {
  locale: TLocale;
  /** Chosen by the `vbc_lang` cookie or Accept-Language (or English for want of both), not by the link. */
  byHeaders: boolean;
}

/** The device's kept language (the `vbc_lang` cookie), if it names one of ours. */
export function cookieLocale(cookieHeader: string | undefined): TLocale | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...value] = part.split('=');
    if (name?.trim() !== LANGUAGE_COOKIE) continue;
    const locale = value.join('=').trim();
    if (isLocale(locale)) return locale;
  }
  return null;
}

/**
 * The language a page the server writes is in (issue 31): the link's `?lang=`, else the device's
 * choice (`vbc_lang` cookie), else the browser's Accept-Language, else English — the order the web
 * app follows for a signed-out visitor (web src/i18n/choose-locale.ts), so the page does not change
 * language when the app starts.
 */
export function pageLocale(request: Pick<FastifyRequest, 'query' | 'headers'>): TPageLocale {
  const lang = (request.query as Record<string, unknown> | undefined)?.lang;
  if (isLocale(lang)) return { locale: lang, byHeaders: false };
  const kept = cookieLocale(request.headers.cookie);
  if (kept) return { locale: kept, byHeaders: true };
  return { locale: matchLocale(parseAcceptLanguage(request.headers['accept-language'])), byHeaders: true };
}

/**
 * The `Vary` of a page in `choice`'s language, after `others` (accept-encoding, accept…): when the
 * headers chose the language, Accept-Language and Cookie too (the cookie's presence would have
 * chosen another one); a page the link's `?lang=` chose varies by neither, so caches keep one copy
 * of it. Empty when it varies by nothing.
 */
export const pageVary = (choice: TPageLocale, ...others: string[]): string =>
  [...others, ...(choice.byHeaders ? ['accept-language', 'cookie'] : [])].join(', ');
