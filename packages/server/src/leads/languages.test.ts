/**
 * Leads in the visitor's language (issue 31), on PGlite and PostgreSQL: the consent sentence stored
 * as the exchange window showed it (the body's `language`, else the request's), the card e-mail in
 * that language with a forget link that keeps it (`?lang=`, signed with the lead id), and the
 * "Forget my details" pages in the page's language with `<html lang dir>`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import PostalMime from 'postal-mime';
import { afterAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { localeDirection, type TLocale } from '@vbc/shared/i18n/locales';
import { leads } from '../platform/db/schema/index.ts';
import { describeEachDatabase } from '../test/app.ts';
import { buildAccount, buildCard } from '../test/factories.ts';
import { startSmtpSink } from '../test/notify-sinks.ts';
import { exchange, exchangeBody } from '../test/leads-support.ts';
import { forgetSignature } from './forget-link.ts';

const smtp = await startSmtpSink();
afterAll(() => smtp.close());

const LOCALES_DIR = fileURLToPath(new URL('../../../shared/src/i18n/locales/', import.meta.url));
const catalogue = <T>(locale: TLocale, ns: string): T => JSON.parse(readFileSync(`${LOCALES_DIR}${locale}/${ns}.json`, 'utf8')) as T;
/** The consent sentence the exchange window shows in `locale` (card:exchange.consent). */
const consentShown = (locale: TLocale, ownerName?: string) => {
  const exchangeWords = catalogue<{ exchange: { consent: string; theOwner: string } }>(locale, 'card').exchange;
  return exchangeWords.consent.replace('{ownerName}', ownerName ?? exchangeWords.theOwner);
};
type TForgetWords = Record<
  'title' | 'ask' | 'button' | 'deletedTitle' | 'deleted' | 'goneTitle' | 'gone' | 'invalidTitle' | 'invalid',
  string
>;
const forgetWords = (locale: TLocale) => catalogue<{ forget: TForgetWords }>(locale, 'pages').forget;
/** A text as the page writes it (escapeHtml). */
const asHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

describeEachDatabase(
  'leads by language',
  (ctx) => {
    async function ownerWithCard(fields: Parameters<typeof buildCard>[1] = {}) {
      const owner = await buildAccount(ctx.app, { name: 'Olivia Owner' });
      const card = await buildCard(ctx.app, { firstName: 'Olivia', lastName: 'Reyes', ...fields }, { ownerAccountId: owner.account.id });
      return { owner, card };
    }
    const storedConsent = async (leadId: string) =>
      (await ctx.app.db.select({ consentText: leads.consentText }).from(leads).where(eq(leads.id, leadId)))[0]?.consentText;
    const forgetPage = (url: string, method: 'GET' | 'POST' = 'GET', headers: Record<string, string> = {}) =>
      ctx.app.inject({
        method,
        url,
        headers: method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded', ...headers } : headers,
        payload: method === 'POST' ? '' : undefined,
      });

    it('stores the consent sentence in the language the window showed (the body’s language): Spanish and Arabic, whatever the browser says', async () => {
      const { owner, card } = await ownerWithCard();
      for (const locale of ['es', 'ar'] as const) {
        const res = await exchange(ctx.app, card.id, exchangeBody({ language: locale }), { headers: { 'accept-language': 'fil' } });
        expect(res.statusCode, res.body).toBe(201);
        const { leadId } = res.json<{ leadId: string }>();
        expect(await storedConsent(leadId), locale).toBe(consentShown(locale, 'Olivia Reyes'));
        // The owner reads it as the visitor did.
        const lead = await ctx.app.inject({ url: `/api/leads/${leadId}`, headers: owner.headers });
        expect(lead.json<{ consentText: string }>().consentText).toBe(consentShown(locale, 'Olivia Reyes'));
      }
      // Arabic is the catalogue's sentence, not English.
      expect(consentShown('ar', 'Olivia Reyes')).not.toContain('I agree');
    });

    it("takes the request's language without the field, English (SPEC's sentence) when nothing is known, and 'the owner' in the language for a card without a name", async () => {
      const { card } = await ownerWithCard();
      const byHeader = await exchange(ctx.app, card.id, exchangeBody(), { headers: { 'accept-language': 'es-MX,es;q=0.9' } });
      expect(await storedConsent(byHeader.json<{ leadId: string }>().leadId)).toBe(consentShown('es', 'Olivia Reyes'));
      const english = await exchange(ctx.app, card.id, exchangeBody(), { headers: { 'accept-language': 'de' } });
      expect(await storedConsent(english.json<{ leadId: string }>().leadId)).toBe(
        'I agree that Olivia Reyes may keep these details and contact me.',
      );
      const nameless = await ownerWithCard({ firstName: '', lastName: '' });
      const res = await exchange(ctx.app, nameless.card.id, exchangeBody({ language: 'ar' }));
      expect(res.statusCode, res.body).toBe(201);
      expect(await storedConsent(res.json<{ leadId: string }>().leadId)).toBe(consentShown('ar'));
    });

    it('refuses a language that is not one of ours with a 400 naming the field, storing nothing', async () => {
      const { owner, card } = await ownerWithCard();
      for (const language of ['de', 'EN', 'es-MX', 3]) {
        const res = await exchange(ctx.app, card.id, exchangeBody({ language } as never));
        expect([res.statusCode, res.json<{ message: string }>().message], String(language)).toEqual([
          400,
          'language: Must be one of en, fil, es, ar.',
        ]);
      }
      expect((await ctx.app.inject({ url: '/api/leads', headers: owner.headers })).json<{ items: unknown[] }>().items).toEqual([]);
    });

    it('e-mails the card in the window’s language with a forget link that keeps it: its pages in Spanish, <html lang dir>', async () => {
      const { owner, card } = await ownerWithCard();
      const email = `es-${Date.now()}@example.test`;
      const res = await exchange(ctx.app, card.id, exchangeBody({ email, sendMeTheCard: true, language: 'es' }), {
        headers: { 'accept-language': 'ar' },
      });
      expect(res.statusCode).toBe(201);
      const { leadId } = res.json<{ leadId: string }>();
      await ctx.app.leads.idle();
      const mail = await PostalMime.parse((await smtp.latestTo(email))!.raw);
      expect(mail.html).toContain('<html lang="es" dir="ltr">');
      const link = /Olvidar mis datos: (\S+)/.exec(mail.text ?? '')![1]!;
      const path = link.slice(ctx.app.config.PUBLIC_URL.replace(/\/+$/, '').length);
      expect(path).toMatch(new RegExp(`^/ds/leads/${leadId}/forget/[\\w-]+\\?lang=es$`));

      const w = forgetWords('es');
      // Opened in a browser whose language is Arabic: the link's language wins.
      const ask = await forgetPage(path, 'GET', { 'accept-language': 'ar' });
      expect(ask.statusCode).toBe(200);
      expect(ask.body).toContain('<html lang="es" dir="ltr">');
      expect(ask.body).toContain(`<h1>${asHtml(w.title)}</h1>`);
      expect(ask.body).toContain(`<p>${asHtml(w.ask)}</p>`);
      expect(ask.body).toContain(`<form method="post" action="${asHtml(path)}"><button type="submit">${asHtml(w.button)}</button>`);
      expect(ask.headers.vary).toBeUndefined();

      // The language is part of what is signed: changed or dropped, the link is not valid and deletes nothing.
      const [withoutLang] = path.split('?');
      for (const changed of [path.replace('lang=es', 'lang=ar'), withoutLang!, `${path}&lang=fil`]) {
        const refused = await forgetPage(changed, 'POST');
        expect(refused.statusCode, changed).toBe(404);
      }
      const refusedAr = await forgetPage(path.replace('lang=es', 'lang=ar'));
      expect(refusedAr.body).toContain('<html lang="ar" dir="rtl">');
      expect(refusedAr.body).toContain(`<h1>${asHtml(forgetWords('ar').invalidTitle)}</h1>`);
      expect((await ctx.app.inject({ url: `/api/leads/${leadId}`, headers: owner.headers })).statusCode).toBe(200);

      const done = await forgetPage(path, 'POST');
      expect(done.statusCode).toBe(200);
      expect(done.body).toContain('<html lang="es" dir="ltr">');
      expect(done.body).toContain(`<h1>${asHtml(w.deletedTitle)}</h1><p>${asHtml(w.deleted)}</p>`);
      expect((await ctx.app.inject({ url: `/api/leads/${leadId}`, headers: owner.headers })).statusCode).toBe(404);
      const again = await forgetPage(path, 'POST');
      expect(again.body).toContain(`<h1>${asHtml(w.goneTitle)}</h1><p>${asHtml(w.gone)}</p>`);
    });

    it("opens a link without lang (sent before links had one) in the browser's language; its button keeps that language", async () => {
      const { card } = await ownerWithCard();
      const res = await exchange(ctx.app, card.id, exchangeBody());
      const { leadId } = res.json<{ leadId: string }>();
      const oldPath = `/ds/leads/${leadId}/forget/${forgetSignature(ctx.app.leads.forgetKey, leadId)}`;
      for (const [headers, locale] of [
        [{ 'accept-language': 'ar-EG' }, 'ar'],
        [{ cookie: 'vbc_lang=fil', 'accept-language': 'ar' }, 'fil'],
        [{ 'accept-language': 'de' }, 'en'],
      ] as const) {
        const ask = await forgetPage(oldPath, 'GET', headers);
        expect(ask.statusCode, locale).toBe(200);
        expect(ask.body).toContain(`<html lang="${locale}" dir="${localeDirection(locale)}">`);
        expect(ask.body).toContain(`<h1>${asHtml(forgetWords(locale).title)}</h1>`);
        expect(ask.headers.vary).toBe('accept-language, cookie');
        const action = /<form method="post" action="([^"]+)">/.exec(ask.body)![1]!;
        expect(action).toMatch(new RegExp(`\\?lang=${locale}$`));
      }
      // English exactly as before.
      const english = await forgetPage(oldPath);
      expect(english.body).toContain('<h1>Forget my details</h1>');
      expect(english.body).toContain('<p>Delete the details you shared? The card&#39;s owner will no longer have them.</p>');
      const action = /<form method="post" action="([^"]+)">/.exec(english.body)![1]!;
      const done = await forgetPage(action.replace(/&amp;/g, '&'), 'POST', { 'accept-language': 'ar' });
      expect(done.body).toContain('<html lang="en" dir="ltr">');
      expect(done.body).toContain('Your details were deleted');
      expect((await forgetPage(oldPath, 'POST')).body).toContain('These details were already deleted.');
    });
  },
  { env: { SMTP_URL: smtp.url, MAIL_FROM: 'cards@vbc.test', PUBLIC_URL: 'https://cards.example' } },
);
