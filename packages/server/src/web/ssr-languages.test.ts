// The server-rendered card and pet pages in the visitor's language (issue 31): `?lang=` first, else
// the device's choice (the vbc_lang cookie), else Accept-Language, else English; <html lang dir>, the
// language's messages inlined for hydration, the link preview's own words in it, Vary: Accept-Language
// and Cookie only when the headers chose, and each language cached as its own page.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALES, localeDirection, type TLocale } from '@vbc/shared/i18n/locales';
import { describeEachDatabase } from '../test/app.ts';
import { buildAccount, buildCard } from '../test/factories.ts';
import { WEB_DIST } from '../platform/config/paths.ts';

const built = existsSync(path.join(WEB_DIST, '..', 'dist-ssr', 'render-card.js'));
if (!built) console.warn('web/ssr-languages.test.ts: packages/web is not built (npm run build): skipped');

const LOCALES_DIR = fileURLToPath(new URL('../../../shared/src/i18n/locales/', import.meta.url));
type TMessages = Record<string, Record<string, unknown>>;
const catalogue = (locale: TLocale, ns: string): TMessages =>
  JSON.parse(readFileSync(`${LOCALES_DIR}${locale}/${ns}.json`, 'utf8')) as TMessages;
/** A message of the card namespace by its path, as the catalogue has it (no arguments). */
const cardText = (locale: TLocale, key: string): string =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue(locale, 'card')) as string;
/** What React writes for a text: `&` and `<` escaped, an apostrophe as `&#x27;`. */
const asHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/'/g, '&#x27;');

const rootOf = (html: string) => /<div id="root" data-ssr>([\s\S]*)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '';
const inlinedOf = (html: string) => {
  const json = /<script type="application\/json" id="vbc-i18n">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return json ? (JSON.parse(json) as { locale: string; messages: TMessages }) : null;
};

describe.skipIf(!built)('server-rendered pages in the visitor’s language', () => {
  describeEachDatabase(
    'card and pet pages by ?lang= and Accept-Language',
    (ctx) => {
      it('renders each language by ?lang= (whatever Accept-Language says), with <html lang dir> and its messages inlined', async () => {
        const card = await buildCard(ctx.app);
        for (const locale of LOCALES) {
          const response = await ctx.app.inject({
            url: `/vbc/${card.quickId}?lang=${locale}`,
            headers: { 'accept-language': 'de-DE,de;q=0.9' },
          });
          expect(response.statusCode).toBe(200);
          const html = response.body;
          expect(html).toMatch(new RegExp(`<html lang="${locale}" dir="${localeDirection(locale)}">`));
          const root = rootOf(html);
          // The card's own labels in the language; what the owner wrote stays as written.
          for (const key of ['actions.download', 'actions.transferQr', 'actions.share', 'sections.contactInfo'])
            expect(root, `${locale} ${key}`).toContain(asHtml(cardText(locale, key)));
          expect(root).toContain(`>Ana ${card.lastName}</h1>`);
          expect(root).toContain('>Engineer<');
          // The messages hydration starts with, in this language only.
          const inlined = inlinedOf(html);
          expect(inlined?.locale).toBe(locale);
          expect(inlined?.messages.card).toEqual(catalogue(locale, 'card'));
          expect(inlined?.messages.common).toEqual(catalogue(locale, 'common'));
          // Chosen by the link, not the header: caches need not keep a copy per Accept-Language.
          expect(response.headers.vary).toBe('accept-encoding');
        }
      });

      it('renders by Accept-Language without ?lang=, says Vary: Accept-Language, and keeps each language its own page', async () => {
        const card = await buildCard(ctx.app);
        const url = `/vbc/${card.quickId}`;
        const cases: [string | undefined, TLocale][] = [
          ['es-MX,es;q=0.9,en;q=0.5', 'es'],
          ['ar-EG', 'ar'],
          ['fil-PH, en;q=0.3', 'fil'],
          ['tl', 'fil'],
          ['de-DE, fr;q=0.8', 'en'],
          [undefined, 'en'],
        ];
        for (const [header, locale] of cases) {
          const response = await ctx.app.inject({ url, headers: header ? { 'accept-language': header } : {} });
          expect(response.statusCode, String(header)).toBe(200);
          expect(response.body).toContain(`<html lang="${locale}" dir="${localeDirection(locale)}">`);
          expect(rootOf(response.body)).toContain(asHtml(cardText(locale, 'actions.download')));
          // Chosen by the headers: a cache keeps a copy per Accept-Language and cookie (a vbc_lang cookie would choose).
          expect(response.headers.vary).toBe('accept-encoding, accept-language, cookie');
        }
        // Asked again in Spanish after Arabic and English: the Spanish page, not another language's from the cache.
        const again = await ctx.app.inject({ url, headers: { 'accept-language': 'es' } });
        expect(rootOf(again.body)).toContain(asHtml(cardText('es', 'actions.download')));
        expect(again.body).toContain('<html lang="es" dir="ltr">');
        // Arabic: mirrored styles under their own emotion key.
        const arabic = await ctx.app.inject({ url: `${url}?lang=ar` });
        expect(arabic.body).toMatch(/<style data-emotion="rtl [^"]+">/);
        expect(arabic.body).not.toMatch(/<style data-emotion="css /);
      });

      it("follows the device's choice (vbc_lang cookie) over Accept-Language, ?lang= over both, each language its own page", async () => {
        const card = await buildCard(ctx.app);
        const url = `/vbc/${card.quickId}`;
        const cases: [Record<string, string>, TLocale, string][] = [
          [{ cookie: 'theme=dark; vbc_lang=ar', 'accept-language': 'es' }, 'ar', 'accept-encoding, accept-language, cookie'],
          [{ cookie: 'vbc_lang=es', 'accept-language': 'ar' }, 'es', 'accept-encoding, accept-language, cookie'],
          // Not one of ours: the browser's language.
          [{ cookie: 'vbc_lang=de', 'accept-language': 'fil-PH' }, 'fil', 'accept-encoding, accept-language, cookie'],
          [{ cookie: 'vbc_lang=ar', 'accept-language': 'ar' }, 'ar', 'accept-encoding, accept-language, cookie'],
        ];
        for (const [headers, locale, vary] of cases) {
          const response = await ctx.app.inject({ url, headers });
          expect(response.body, JSON.stringify(headers)).toContain(`<html lang="${locale}" dir="${localeDirection(locale)}">`);
          expect(rootOf(response.body)).toContain(asHtml(cardText(locale, 'actions.download')));
          expect(inlinedOf(response.body)?.locale).toBe(locale);
          expect(response.headers.vary).toBe(vary);
        }
        const linked = await ctx.app.inject({ url: `${url}?lang=fil`, headers: { cookie: 'vbc_lang=ar', 'accept-language': 'es' } });
        expect(linked.body).toContain('<html lang="fil" dir="ltr">');
        expect(linked.headers.vary).toBe('accept-encoding');
      });

      it("writes the link preview's own words (a description the card or pet lacks) in the page's language", async () => {
        const pages = (locale: TLocale) => catalogue(locale, 'pages') as unknown as { preview: Record<string, string> };
        const description = (html: string) => /<meta name="description" content="([^"]*)">/.exec(html)?.[1];
        const ogDescription = (html: string) => /<meta property="og:description" content="([^"]*)">/.exec(html)?.[1];
        const card = await buildCard(ctx.app, { jobTitle: '', organization: '' });
        const owner = await buildAccount(ctx.app, { phoneNumber: '+639171239999' });
        await buildCard(ctx.app, {}, { ownerAccountId: owner.account.id });
        const createPet = async (fields: Record<string, unknown>) => {
          const created = await ctx.app.inject({ method: 'POST', url: '/api/vp/virtualpet', headers: owner.headers, payload: fields });
          expect(created.statusCode, created.body).toBe(201);
          return created.json<{ virtualPetId: string }>().virtualPetId;
        };
        const plainPet = await createPet({ name: 'Bantay', species: 'Dog', breed: 'Aspin' });
        const lostPet = await createPet({ name: 'Mochi', species: 'Cat', isLost: true });
        for (const locale of LOCALES) {
          const cardPage = await ctx.app.inject({ url: `/vbc/${card.quickId}?lang=${locale}` });
          const cardWords = pages(locale).preview.card!.replace('{title}', `Ana ${card.lastName}`);
          expect(description(cardPage.body), locale).toBe(cardWords);
          expect(ogDescription(cardPage.body)).toBe(cardWords);
          // The pet's breed as its owner wrote it, its species in the page's language.
          const petPage = await ctx.app.inject({ url: `/vbc/p/${plainPet}`, headers: { cookie: `vbc_lang=${locale}` } });
          const species = (catalogue(locale, 'pets') as unknown as { species: Record<string, string> }).species;
          expect(description(petPage.body), locale).toBe(`Aspin · ${species.dog}`);
          const lostPage = await ctx.app.inject({ url: `/vbc/p/${lostPet}`, headers: { 'accept-language': locale } });
          expect(description(lostPage.body), locale).toBe(pages(locale).preview.petLost!.replace('{title}', 'Mochi'));
        }
        // English as it always read.
        const english = await ctx.app.inject({ url: `/vbc/${card.quickId}?lang=en` });
        expect(description(english.body)).toBe(`Ana ${card.lastName} — digital business card`);
        expect(description((await ctx.app.inject({ url: `/vbc/p/${plainPet}?lang=en` })).body)).toBe('Aspin · Dog');
      });

      it('renders the pet page in the chosen language', async () => {
        const owner = await buildAccount(ctx.app, { phoneNumber: '+639171230000' });
        await buildCard(ctx.app, {}, { ownerAccountId: owner.account.id });
        const created = await ctx.app.inject({
          method: 'POST',
          url: '/api/vp/virtualpet',
          headers: owner.headers,
          payload: { name: 'Mochi', species: 'Cat', breed: 'Siamese', sex: 'Female', color: 'Cream' },
        });
        expect(created.statusCode).toBe(201);
        const pet = created.json<{ virtualPetId: string }>();
        for (const locale of LOCALES) {
          const response = await ctx.app.inject({ url: `/vbc/p/${pet.virtualPetId}`, headers: { 'accept-language': locale } });
          expect(response.body).toContain(`<html lang="${locale}" dir="${localeDirection(locale)}">`);
          const root = rootOf(response.body);
          for (const key of ['pet.species', 'pet.breed', 'pet.sexFemale', 'actions.share'])
            expect(root, `${locale} ${key}`).toContain(asHtml(cardText(locale, key)));
          expect(root).toContain('Mochi');
        }
      });

      it('names the card and pet pages in every language for search engines (hreflang alternates, x-default the page itself)', async () => {
        const card = await buildCard(ctx.app);
        const response = await ctx.app.inject({ url: `/vbc/${card.quickId}?lang=ar` });
        const alternates = [...response.body.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((m) => [
          m[1],
          m[2],
        ]);
        const page = `${ctx.app.config.PUBLIC_URL}/vbc/${card.quickId}`;
        expect(alternates).toEqual([...LOCALES.map((locale) => [locale, `${page}?lang=${locale}`]), ['x-default', page]]);
        // The page a link's ?lang= chose names itself (a canonical to another language's page would hide it from search).
        const canonical = (html: string) => /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1];
        expect(canonical(response.body)).toBe(`${page}?lang=ar`);
        expect(response.body).toContain(`<meta property="og:url" content="${page}?lang=ar">`);
        // Chosen by the browser's language, it is the page itself (x-default), in whichever language it came.
        const byHeader = await ctx.app.inject({ url: `/vbc/${card.quickId}`, headers: { 'accept-language': 'ar' } });
        expect(byHeader.body).toContain('<html lang="ar" dir="rtl">');
        expect(canonical(byHeader.body)).toBe(page);
      });

      it("sends the app's shell in the page's language: <html lang dir> and the loading screen's words, for any route and a missing card", async () => {
        for (const locale of LOCALES) {
          const pages = catalogue(locale, 'pages') as unknown as { loading: { text: string; label: string } };
          for (const url of ['/vbc/', '/vbc/messages', '/vbc/nosuchcard1']) {
            const response = await ctx.app.inject({ url, headers: { 'accept-language': `${locale};q=0.9` } });
            expect(response.statusCode, url).toBe(url.includes('nosuch') ? 404 : 200);
            expect(response.body, `${locale} ${url}`).toContain(`<html lang="${locale}" dir="${localeDirection(locale)}">`);
            expect(response.body).toContain(`<p>${asHtml(pages.loading.text)}</p>`);
            expect(response.body).toContain(`aria-label="${pages.loading.label}"`);
            expect(response.headers.vary).toBe('accept-language, cookie');
          }
          // ?lang= chooses whatever the headers say, and the page then varies by neither.
          const linked = await ctx.app.inject({
            url: `/vbc/messages?lang=${locale}`,
            headers: { 'accept-language': 'en', cookie: 'vbc_lang=en' },
          });
          expect(linked.body).toContain(`<html lang="${locale}" dir="${localeDirection(locale)}">`);
          expect(linked.headers.vary).toBeUndefined();
        }
      });
    },
    { webDistDir: WEB_DIST },
  );
});
