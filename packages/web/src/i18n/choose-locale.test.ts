import { afterEach, describe, expect, it } from 'vitest';
import { chooseLocale, queryLocale, storedLocale, storeLocale } from './choose-locale.ts';

describe('chooseLocale (issue 31: ?lang= > account > device > browser > English)', () => {
  it('takes ?lang= over everything else', () => {
    expect(chooseLocale({ query: 'ar', account: 'es', stored: 'fil', browser: ['es-MX'] })).toBe('ar');
  });
  it("takes the account's language when there is no ?lang=", () => {
    expect(chooseLocale({ query: null, account: 'fil', stored: 'es', browser: ['ar'] })).toBe('fil');
  });
  it('takes the device-kept choice when the account follows the device', () => {
    expect(chooseLocale({ account: null, stored: 'es', browser: ['ar'] })).toBe('es');
  });
  it("falls to the browser's languages, by primary subtag and alias", () => {
    expect(chooseLocale({ browser: ['de-DE', 'es-419', 'en'] })).toBe('es');
    expect(chooseLocale({ browser: ['tl-PH'] })).toBe('fil');
  });
  it('ignores values that are not one of ours, and ends in English', () => {
    expect(chooseLocale({ query: 'xx', account: 'fr', stored: 'EN', browser: ['de'] })).toBe('en');
    expect(chooseLocale({})).toBe('en');
  });
});

describe('queryLocale and the device-kept choice', () => {
  afterEach(() => localStorage.clear());
  it('reads ?lang= only when it names a locale', () => {
    expect(queryLocale('?pin=1234&lang=fil')).toBe('fil');
    expect(queryLocale('?lang=de')).toBeNull();
    expect(queryLocale('')).toBeNull();
  });
  it('keeps and forgets the choice in vbc.language', () => {
    storeLocale('ar');
    expect(localStorage.getItem('vbc.language')).toBe('ar');
    expect(storedLocale()).toBe('ar');
    storeLocale(null);
    expect(storedLocale()).toBeNull();
  });
  it('tells the server in the vbc_lang cookie, and clears it when the device follows the browser (issue 31)', () => {
    storeLocale('es');
    expect(document.cookie).toContain('vbc_lang=es');
    storeLocale('ar');
    expect(document.cookie.match(/vbc_lang=/g)).toHaveLength(1);
    expect(document.cookie).toContain('vbc_lang=ar');
    storeLocale(null);
    expect(document.cookie).not.toContain('vbc_lang');
  });
});
