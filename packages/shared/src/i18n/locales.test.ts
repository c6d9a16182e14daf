import { describe, expect, it } from 'vitest';
import { localeDirection, matchLocale, parseAcceptLanguage } from './locales.ts';

describe('picking a language', () => {
  it('orders Accept-Language by weight, keeping the header order on ties and dropping q=0 and *', () => {
    expect(parseAcceptLanguage('de;q=0.5, ar-AE, es;q=0.9, fr;q=0, *;q=0.1, en;q=0.9')).toEqual(['ar-AE', 'es', 'en', 'de']);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
    expect(parseAcceptLanguage('')).toEqual([]);
  });

  it('matches by primary subtag, maps Tagalog to Filipino, and falls back to English', () => {
    expect(matchLocale(['de-DE', 'es-MX', 'en'])).toBe('es');
    expect(matchLocale(['tl-PH'])).toBe('fil');
    expect(matchLocale(['FIL'])).toBe('fil');
    expect(matchLocale(['de', 'fr'])).toBe('en');
    expect(matchLocale([])).toBe('en');
    expect(matchLocale(parseAcceptLanguage('fr;q=0.8, ar-SA;q=0.9'))).toBe('ar');
  });

  it('says Arabic is written right to left', () => {
    expect(localeDirection('ar')).toBe('rtl');
    expect(localeDirection('fil')).toBe('ltr');
  });
});
