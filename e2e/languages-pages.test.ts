/**
 * Issue 31: the pages the server writes, in the visitor's language (Spanish and Arabic). A language
 * chosen in Settings while signed out is kept in the vbc_lang cookie, so the server renders a card
 * page in it before any script runs; the wrong short link's not-found page, the exchange (its consent
 * stored as the visitor read it), the card e-mail's "Forget my details" link and its pages all follow,
 * each with <html lang dir>, the catalogue's words, axe without serious or critical findings and a
 * screenshot. "Device language" clears the cookie.
 */
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LOCALE_NAMES, localeDirection, type TLocale } from '../packages/shared/src/i18n/locales.ts';
import { EXCHANGE_MIN_FILL_MS, type TLeadPage } from '../packages/shared/src/leads.ts';
import { buildAccount, buildCard } from '../packages/server/src/test/factories.ts';
import { expectAccessible } from './support/axe.ts';
import { catalogue, message } from './support/catalogue.ts';
import { hasChromium, launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { screenshotAtWidths } from './support/screenshots.ts';
import { startSmtpSink } from './support/smtp-sink.ts';

const PHONE = { width: 390, height: 844 };
/** A catalogue message with its `{name}` arguments filled in. */
const text = (locale: TLocale, ns: string, key: string, values: Record<string, string> = {}): string =>
  message(catalogue(locale, ns), key).replace(/\{(\w+)\}/g, (_m, name: string) => values[name] ?? `{${name}}`);
const documentLanguage = (page: Page) => page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));

describe.runIf(hasChromium())('the server’s pages in Spanish and Arabic', () => {
  let server: RunningServer;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let owner: Awaited<ReturnType<typeof buildAccount>>;
  let card: Awaited<ReturnType<typeof buildCard>>;

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startServer({ SMTP_URL: sink.url });
    owner = await buildAccount(server.app, { name: 'Olivia Owner' });
    card = await buildCard(server.app, { firstName: 'Olivia', lastName: 'Owner' }, { ownerAccountId: owner.account.id });
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  for (const locale of ['es', 'ar'] as const) {
    it(`${locale}: the device's choice reaches the server; not-found, exchange and "Forget my details" in it`, async () => {
      const browser = await launchBrowser({ baseURL: server.url, viewport: PHONE });
      const expected = { lang: locale, dir: localeDirection(locale) };
      try {
        const page = await browser.page();
        await page.goto('/vbc/settings');
        await page.getByTestId('language-select').locator('..').click();
        await page.getByRole('option', { name: LOCALE_NAMES[locale] }).click();
        await expect.poll(() => documentLanguage(page)).toEqual(expected);
        const cookie = (await browser.context.cookies()).find((c) => c.name === 'vbc_lang');
        expect(cookie).toMatchObject({ value: locale, path: '/', sameSite: 'Lax' });
        expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(360 * 24 * 3600 * 1000);

        // The server renders the card in the device's language: the HTML as sent, before any script.
        const cardResponse = await page.goto(`/vbc/${card.quickId}`);
        const sent = await cardResponse!.text();
        expect(sent).toContain(`<html lang="${locale}" dir="${expected.dir}">`);
        expect(sent).toContain(text(locale, 'card', 'actions.exchange'));
        expect(cardResponse!.headers().vary).toBe('accept-encoding, accept-language, cookie');

        // A wrong short link: the designed not-found page, in the language.
        const missing = await page.goto('/ds/vbc/i/nothing1');
        expect(missing!.status()).toBe(404);
        expect(await documentLanguage(page)).toEqual(expected);
        await page.getByRole('heading', { level: 1, name: text(locale, 'pages', 'notFound.card.title') }).waitFor();
        await page.getByRole('link', { name: text(locale, 'pages', 'notFound.home') }).waitFor();
        await page.getByRole('searchbox', { name: text(locale, 'pages', 'notFound.search') }).waitFor();
        await expectAccessible(page, `not-found page in ${locale}`);
        await screenshotAtWidths(page, `lang-${locale}-not-found`);

        // The exchange in the language: the consent the visitor ticks is the one stored.
        await page.goto(`/vbc/${card.quickId}`);
        await page.getByRole('button', { name: text(locale, 'card', 'actions.exchange') }).click();
        const dialog = page.getByTestId('exchange-dialog');
        await dialog.waitFor();
        const email = `pages-${locale}-${Date.now().toString(36)}@example.test`;
        await dialog.getByRole('textbox', { name: new RegExp(`^${text(locale, 'card', 'exchange.fields.name')}`) }).fill('Rosa Visitante');
        await dialog.getByRole('textbox', { name: new RegExp(`^${text(locale, 'card', 'exchange.fields.email')}`) }).fill(email);
        const consent = text(locale, 'card', 'exchange.consent', { ownerName: 'Olivia Owner' });
        await dialog.getByRole('checkbox', { name: consent }).check();
        await page.waitForTimeout(EXCHANGE_MIN_FILL_MS + 100);
        const before = sink.messages.length;
        await dialog.getByRole('button', { name: text(locale, 'card', 'exchange.send') }).click();
        await dialog.getByText(text(locale, 'card', 'exchange.sent', { firstName: 'Olivia' })).waitFor();
        const listed = await server.app.inject({ url: '/api/leads', headers: owner.headers });
        const lead = listed.json<TLeadPage>().items.find((l) => l.email === email);
        expect(lead?.consentText).toBe(consent);

        // The card e-mail's forget link opens its pages in the same language, whatever the browser says.
        const mail = await PostalMime.parse((await sink.waitFor(email, before)).raw);
        const forgetPath = /\/ds\/leads\/[^\s"]+\?lang=\w+/.exec(mail.text ?? '')?.[0];
        expect(forgetPath).toMatch(new RegExp(`\\?lang=${locale}$`));
        await browser.context.clearCookies();
        await page.goto(forgetPath!);
        expect(await documentLanguage(page)).toEqual(expected);
        await page.getByRole('heading', { level: 1, name: text(locale, 'pages', 'forget.title') }).waitFor();
        await page.getByText(text(locale, 'pages', 'forget.ask')).waitFor();
        await expectAccessible(page, `forget page in ${locale}`);
        await screenshotAtWidths(page, `lang-${locale}-forget`);
        await page.getByRole('button', { name: text(locale, 'pages', 'forget.button') }).click();
        await page.getByRole('heading', { level: 1, name: text(locale, 'pages', 'forget.deletedTitle') }).waitFor();
        expect(await documentLanguage(page)).toEqual(expected);
        await expectAccessible(page, `forget done page in ${locale}`);
        expect((await server.app.inject({ url: `/api/leads/${lead!.leadId}`, headers: owner.headers })).statusCode).toBe(404);

        // "Device language" forgets the choice: the cookie goes too.
        await page.goto('/vbc/settings');
        await page.getByTestId('language-select').locator('..').click();
        await page.getByRole('option', { name: LOCALE_NAMES[locale] }).click();
        expect((await browser.context.cookies()).some((c) => c.name === 'vbc_lang')).toBe(true);
        await page.getByTestId('language-select').locator('..').click();
        await page.getByRole('option', { name: text(locale, 'settings', 'language.device') }).click();
        await expect.poll(async () => (await browser.context.cookies()).some((c) => c.name === 'vbc_lang')).toBe(false);
        await page.close();
        expect(browser.errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
      } finally {
        await browser.close();
      }
    });
  }
});
