/**
 * Issue 31: the public card in the visitor's language. Every layout in Spanish and Arabic (by the
 * link's ?lang=, and by the browser's language): the card's own words from the catalogue, the page's
 * <html lang dir>, Arabic mirrored (an action button's icon on its right), no hydration error once the
 * app takes the page over, its windows in the language, axe without serious or critical findings, and
 * a screenshot per layout per language. Then sign-in in both languages, and a language kept on the device.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { localeDirection, type TLocale } from '../packages/shared/src/i18n/locales.ts';
import { seedDemo, type DemoSeed } from '../packages/server/src/seed/demo.ts';
import { expectAccessible } from './support/axe.ts';
import { hasChromium, launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { screenshotAtWidths } from './support/screenshots.ts';
import { codeIn, startSmtpSink } from './support/smtp-sink.ts';

type Sink = Awaited<ReturnType<typeof startSmtpSink>>;

type TTree = { [key: string]: string | TTree };
const catalogue = (locale: TLocale, ns: string): TTree =>
  JSON.parse(readFileSync(new URL(`../packages/shared/src/i18n/locales/${locale}/${ns}.json`, import.meta.url), 'utf8')) as TTree;
/** A message by its path (`actions.share`), with `{name}` arguments filled from `values`. */
const text = (locale: TLocale, ns: string, key: string, values: Record<string, string> = {}): string => {
  const found = key.split('.').reduce<string | TTree>((node, part) => (node as TTree)[part]!, catalogue(locale, ns));
  if (typeof found !== 'string') throw new Error(`${locale}/${ns}: ${key} is not a message`);
  return found.replace(/\{(\w+)\}/g, (_m, name: string) => values[name] ?? `{${name}}`);
};

const LAYOUTS = ['default layout', 'simple layout', 'artist layout', 'facebook layout'] as const;
const LANGUAGES: readonly TLocale[] = ['es', 'ar'];

describe.skipIf(!hasChromium())('the public card and sign-in in Spanish and Arabic', () => {
  let server: RunningServer;
  let sink: Sink;
  let seed: DemoSeed;
  const card = (label: string) => {
    const found = seed.cards.find((c) => c.label === label);
    if (!found) throw new Error(`no demo card "${label}"`);
    return found;
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startServer({ SMTP_URL: sink.url });
    const seeded = await seedDemo(server.app);
    if (!seeded) throw new Error('demo seed did not run on a fresh database');
    seed = seeded;
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  /** The page's language as the document says it. */
  const documentLanguage = (page: Page) =>
    page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));

  for (const locale of LANGUAGES) {
    it(`every layout in ${locale}: the catalogue's words, <html lang dir>, ${localeDirection(locale)} layout, hydrated, accessible`, async () => {
      const browser = await launchBrowser({ baseURL: server.url });
      try {
        for (const layout of LAYOUTS) {
          const page = await browser.page();
          const hydrationWarnings: string[] = [];
          page.on('console', (m) => /hydrat|#418|#423|#425|did not match/i.test(m.text()) && hydrationWarnings.push(m.text()));
          await page.goto(`/vbc/${card(layout).quickId}?lang=${locale}`);
          expect(await documentLanguage(page), layout).toEqual({ lang: locale, dir: localeDirection(locale) });
          const download = page.getByRole('link', { name: text(locale, 'card', 'actions.download') });
          await download.waitFor();
          await page.getByRole('button', { name: text(locale, 'card', 'actions.transferQr') }).waitFor();
          expect(await page.getByText('Contact Download').count(), layout).toBe(0);
          // Mirrored in Arabic: a button's start icon sits on its right.
          const [button, icon] = await Promise.all([download.boundingBox(), download.locator('svg').first().boundingBox()]);
          const iconOnRight = icon!.x + icon!.width / 2 > button!.x + button!.width / 2;
          expect(iconOnRight, `${layout}: icon side`).toBe(locale === 'ar');
          await page.waitForFunction(() => performance.getEntriesByName('vbc:interactive').length > 0);
          await expectAccessible(page, `${layout} in ${locale} (server-rendered)`);
          await screenshotAtWidths(page, `lang-${locale}-${layout.replace(' layout', '')}`);

          // The first touch starts the app, which hydrates in the page's language and opens the window pressed.
          const hydrated = page.evaluate(
            () => new Promise<void>((resolve) => document.addEventListener('vbc:hydrated', () => resolve(), { once: true })),
          );
          await page
            .getByRole('button', { name: text(locale, 'card', 'actions.share'), exact: true })
            .first()
            .click();
          await hydrated;
          const share = page.getByTestId('share-dialog');
          await share.waitFor();
          expect(await share.getByRole('heading').first().textContent()).toContain(text(locale, 'card', 'share.title'));
          await share.getByRole('link', { name: text(locale, 'card', 'share.to', { target: 'WhatsApp' }) }).waitFor();
          // The link stays left to right inside right-to-left text.
          expect(await share.getByTestId('share-link').getAttribute('dir')).toBe('ltr');
          await expectAccessible(page, `${layout} share window in ${locale}`);
          expect(await documentLanguage(page)).toEqual({ lang: locale, dir: localeDirection(locale) });
          expect(hydrationWarnings, layout).toEqual([]);
          await page.close();
        }
        expect(browser.errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
      } finally {
        await browser.close();
      }
    });
  }

  it('follows the browser: Accept-Language and navigator.languages in Arabic give the Arabic page, Exchange Contact in Arabic', async () => {
    const browser = await launchBrowser({ baseURL: server.url, args: ['--lang=ar', '--accept-lang=ar'] });
    try {
      const page = await browser.page();
      await page.setExtraHTTPHeaders({ 'accept-language': 'ar' });
      await page.goto(`/vbc/${card('default layout').quickId}`);
      expect(await documentLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' });
      await page.getByRole('button', { name: text('ar', 'card', 'actions.exchange') }).click();
      const exchange = page.getByTestId('exchange-dialog');
      await exchange.waitFor();
      await exchange.getByRole('button', { name: text('ar', 'card', 'exchange.send') }).click();
      // The schema's message, in Arabic, under the name.
      await exchange
        .getByText(text('ar', 'common', 'problems.required'))
        .first()
        .waitFor();
      await expectAccessible(page, 'exchange window in ar');
      await screenshotAtWidths(page, 'lang-ar-exchange');
      await page.close();
    } finally {
      await browser.close();
    }
  });

  for (const locale of LANGUAGES) {
    it(`signs in in ${locale}, with the language kept on the device`, async () => {
      const browser = await launchBrowser({ baseURL: server.url });
      try {
        const page = await browser.page();
        await page.goto('/vbc/settings');
        // Signed out, Settings offers the language: kept on this device, followed at once.
        await page.getByTestId('language-select').locator('..').click();
        await page.getByRole('option', { name: locale === 'ar' ? 'العربية' : 'Español' }).click();
        await expect.poll(() => documentLanguage(page)).toEqual({ lang: locale, dir: localeDirection(locale) });
        expect(await page.evaluate(() => localStorage.getItem('vbc.language'))).toBe(locale);
        await page.reload();
        await page.getByRole('button', { name: text(locale, 'common', 'signIn.button') }).click();
        const dialog = page.getByRole('dialog', { name: text(locale, 'auth', 'title') });
        await dialog.waitFor();
        expect(await documentLanguage(page)).toEqual({ lang: locale, dir: localeDirection(locale) });
        await expectAccessible(page, `sign-in in ${locale}`);
        await screenshotAtWidths(page, `lang-${locale}-sign-in`);
        const email = `lang-${locale}-${Date.now().toString(36)}@example.com`;
        await dialog.getByRole('tab', { name: text(locale, 'auth', 'tabs.register') }).click();
        await dialog.getByTestId('name-input').fill(`Lengua ${locale}`);
        const before = sink.messages.length;
        await dialog.getByTestId('contact-input').fill(email);
        await dialog.getByRole('button', { name: text(locale, 'auth', 'submit.contact') }).click();
        await dialog.getByTestId('otp-input').waitFor();
        expect(await dialog.getByTestId('auth-intro').textContent()).toContain(email);
        await dialog.getByTestId('otp-input').fill(codeIn(await sink.waitFor(email, before)));
        await page
          .getByTestId('notice')
          .filter({ hasText: text(locale, 'auth', 'toasts.registered') })
          .waitFor();
        // Signed in, the account follows the device (language null): still this language.
        expect(await documentLanguage(page)).toEqual({ lang: locale, dir: localeDirection(locale) });
        await page.close();
      } finally {
        await browser.close();
      }
    });
  }
});
