/**
 * The short link's not-found page (issue 30) in the page's language (issue 31): `?lang=`, else the
 * device's choice (vbc_lang cookie), else Accept-Language, else English; `<html lang dir>`, the
 * catalogue's words (pages:notFound.*), and a Vary that names what chose.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { LOCALES, localeDirection, type TLocale } from '@vbc/shared/i18n/locales';
import { describeEachDatabase } from '../../test/app.ts';

const LOCALES_DIR = fileURLToPath(new URL('../../../../shared/src/i18n/locales/', import.meta.url));
interface TNotFoundWords {
  card: { title: string; text: string };
  home: string;
  search: string;
  searchButton: string;
}
const words = (locale: TLocale) =>
  (JSON.parse(readFileSync(`${LOCALES_DIR}${locale}/pages.json`, 'utf8')) as { notFound: TNotFoundWords }).notFound;
/** A text as the page writes it: `&<>"'` as numeric references. */
const asHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

describeEachDatabase('the not-found page by language', (ctx) => {
  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', ...headers } });

  it('speaks each language by Accept-Language, with <html lang dir> and every word from the catalogue', async () => {
    for (const locale of LOCALES) {
      const page = await get('/ds/vbc/i/nothing1', { 'accept-language': `${locale};q=0.9` });
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain(`<html lang="${locale}" dir="${localeDirection(locale)}">`);
      const w = words(locale);
      expect(page.body, locale).toContain(`<h1>${asHtml(w.card.title)}</h1>`);
      expect(page.body).toContain(`<p>${asHtml(w.card.text)}</p>`);
      expect(page.body).toContain(`<a class="home" href="/vbc/">${asHtml(w.home)}</a>`);
      expect(page.body).toContain(`placeholder="${asHtml(w.search)}"`);
      expect(page.body).toContain(`<button type="submit">${asHtml(w.searchButton)}</button>`);
      if (locale !== 'en') expect(page.body).not.toContain('Card not found');
      expect(page.headers.vary).toBe('accept, accept-language, cookie');
    }
  });

  it('takes ?lang= over the cookie, and the cookie over Accept-Language; English when nothing is known', async () => {
    const linked = await get('/ds/vbc/i/nothing2?lang=es', { cookie: 'vbc_lang=ar', 'accept-language': 'fil' });
    expect(linked.body).toContain('<html lang="es" dir="ltr">');
    expect(linked.body).toContain(`<h1>${asHtml(words('es').card.title)}</h1>`);
    expect(linked.headers.vary).toBe('accept');
    const kept = await get('/ds/vbc/i/nothing2', { cookie: 'a=1; vbc_lang=ar', 'accept-language': 'es' });
    expect(kept.body).toContain('<html lang="ar" dir="rtl">');
    expect(kept.body).toContain(`<h1>${asHtml(words('ar').card.title)}</h1>`);
    const unknown = await get('/ds/vbc/i/nothing2', { 'accept-language': 'de-DE' });
    expect(unknown.body).toContain('<html lang="en" dir="ltr">');
    expect(unknown.body).toContain('<h1>Card not found</h1>');
    // An API client still gets the JSON error, whatever its language.
    const json = await ctx.app.inject({ url: '/ds/vbc/i/nothing2', headers: { 'accept-language': 'ar' } });
    expect(json.json()).toEqual({ message: 'The card was not found.', code: 'not_found' });
  });
});
