/**
 * The business console in Arabic and Spanish (issue 31): an admin whose account speaks the
 * language opens the console: its tabs, the Profile and Template sections say the catalogue's
 * words, Arabic is `dir="rtl"`; a template save the server refuses (the admin was made an editor
 * in the meantime by the other admin) says why in the language. Every word checked comes from the
 * catalogues; each screen is photographed in each language and passes axe.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildAccount, buildCard } from '../packages/server/src/test/factories.ts';
import { expectAccessible } from './support/axe.ts';
import { catalogue, message } from './support/catalogue.ts';
import { apiIdle, hasChromium, launchBrowser, startSignedIn, type Browser } from './support/browser.ts';
import { screenshotAtWidths } from './support/screenshots.ts';
import { startServer, type RunningServer } from './support/server.ts';

const ADMIN_TOKEN = randomBytes(24).toString('hex');
type TAccount = Awaited<ReturnType<typeof buildAccount>>;

describe.runIf(hasChromium())('the business console in Arabic and Spanish (issue 31)', () => {
  let server: RunningServer;
  const browsers: Browser[] = [];
  let admin: TAccount;
  let colleague: TAccount;
  let business: { corporateAccountId: string };
  /** Any public card: the server renders it in the device's cookie language. */
  let adminCardQuickId: string;

  const api = async (method: 'POST' | 'PUT', url: string, headers: Record<string, string>, payload: object) => {
    const res = await server.app.inject({ method, url, headers, payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json();
  };
  const setRole = (role: 'admin' | 'editor') =>
    api('PUT', `/api/corporate/${business.corporateAccountId}/members/${admin.account.id}`, colleague.headers, { role });

  beforeAll(async () => {
    server = await startServer({ ADMIN_TOKEN });
    admin = await buildAccount(server.app, { name: 'Layla Admin' });
    colleague = await buildAccount(server.app, { name: 'Marco Colleague' });
    adminCardQuickId = (await buildCard(server.app, { firstName: 'Layla' }, { ownerAccountId: admin.account.id })).quickId;
    // The first member listed is the business's admin; the colleague is made one too.
    business = await api(
      'POST',
      '/api/admin/corporates',
      { authorization: `Bearer ${ADMIN_TOKEN}` },
      { name: 'Harbor Studio', members: [admin.account.email, colleague.account.email], verified: true },
    );
    await api('PUT', `/api/corporate/${business.corporateAccountId}/members/${colleague.account.id}`, admin.headers, { role: 'admin' });
    await api('PUT', `/api/corporate/${business.corporateAccountId}/profile`, admin.headers, {
      name: 'Harbor Studio',
      emails: [{ email: 'hello@harbor.test' }],
    });
  });
  afterAll(async () => {
    for (const b of browsers) await b.close();
    await server?.close();
  });

  /** A desktop-wide tab signed in as the admin, whose account speaks `locale`. */
  const openIn = async (locale: 'ar' | 'es'): Promise<Page> => {
    await api('PUT', '/api/personalAccount/language', admin.headers, { language: locale });
    const browser = await launchBrowser({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    browsers.push(browser);
    const page = await browser.page();
    await startSignedIn(page, admin);
    return page;
  };

  for (const locale of ['ar', 'es'] as const) {
    it(`the console in ${locale}: its tabs, Profile and Template in the language, a refused save's reason, laid out in its direction`, async () => {
      const words = catalogue(locale, 'console');
      const common = catalogue(locale, 'common');
      const page = await openIn(locale);
      await page.goto(`/vbc/console/${business.corporateAccountId}/profile`);
      // The account's language comes with the session: the page turns to it (and its direction) once that is in.
      const dir = locale === 'ar' ? 'rtl' : 'ltr';
      await page.waitForFunction(
        ([lang, direction]) => document.documentElement.lang === lang && document.documentElement.dir === direction,
        [locale, dir] as const,
      );
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(dir);
      // The account's language is the device's cookie now: pages the server renders (a card) come in it before the app starts.
      await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === 'vbc_lang')?.value).toBe(locale);
      const cardPage = await page.context().request.get(`/vbc/${adminCardQuickId}`, { headers: { 'accept-language': 'en' } });
      expect(await cardPage.text()).toContain(`<html lang="${locale}" dir="${dir}">`);

      // The tabs: every console screen the catalogue names, but Import (reached from Members).
      const nav = page.getByRole('navigation', { name: message(words, 'screen.nav') });
      const tabs = Object.keys(words.sections as object).filter((tab) => tab !== 'import');
      expect(tabs).toHaveLength(12);
      for (const tab of tabs) await nav.getByRole('link', { name: message(words, `sections.${tab}`), exact: true }).waitFor();
      expect(await nav.locator('[aria-current="page"]').textContent()).toBe(message(words, 'sections.profile'));

      // Profile: its heading, fields and button.
      await page.getByRole('heading', { level: 2, name: message(words, 'sections.profile') }).waitFor();
      await page.getByText(message(words, 'profile.description')).waitFor();
      expect(await page.getByLabel(message(words, 'profile.name')).inputValue()).toBe('Harbor Studio');
      await page.getByRole('group', { name: message(words, 'profile.emails') }).waitFor();
      await page.getByRole('button', { name: message(words, 'profile.addPhone') }).waitFor();
      await page.getByRole('button', { name: message(words, 'profile.save') }).waitFor();
      await apiIdle(page);
      await screenshotAtWidths(page, `languages-console-profile-${locale}`);
      await expectAccessible(page, `the console's profile in ${locale}`);

      // Template: the help, a field with its lock, the layout's choice.
      await nav.getByRole('link', { name: message(words, 'sections.template'), exact: true }).click();
      await page.getByRole('heading', { level: 2, name: message(words, 'sections.template') }).waitFor();
      await page.getByTestId('template-lock-help').getByText(message(words, 'template.help.title')).waitFor();
      await page.getByRole('heading', { level: 3, name: message(words, 'template.fields.organization.title') }).waitFor();
      const lock = page.getByLabel(message(words, 'template.fields.organization.lock'), { exact: true });
      await lock.check();
      await page.getByTestId('template-field-organization').getByText(message(words, 'template.locked')).waitFor();
      await page.getByTestId('template-field-about').getByText(message(words, 'template.suggested')).waitFor();
      await page.getByLabel(message(words, 'template.fields.organization.title'), { exact: true }).fill('Harbor Studio');
      await page.getByRole('button', { name: message(words, 'template.save') }).waitFor();
      await apiIdle(page);
      await screenshotAtWidths(page, `languages-console-template-${locale}`);
      await expectAccessible(page, `the console's template in ${locale}`);

      // The other admin makes this one an editor meanwhile: the server refuses the save, and the page says why in the language.
      await setRole('editor');
      try {
        await page.getByRole('button', { name: message(words, 'template.save') }).click();
        const reason = message(words, 'template.notSaved').replace('{reason}', message(common, 'apiErrors.forbidden'));
        await page.getByTestId('template-error').filter({ hasText: reason }).waitFor();
        expect(await page.getByTestId('template-error').textContent()).toBe(reason);
        await expectAccessible(page, `a refused template save in ${locale}`);
      } finally {
        await setRole('admin');
      }
    });
  }
});
