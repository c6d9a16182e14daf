/**
 * The business console's people sections in Arabic and Spanish (issue 31): an admin opens Members,
 * imports a CSV (the preview's result line, an ICU plural: Arabic's dual for two rows) and opens
 * Domains and SSO (a refused domain with its reason), in the language kept on the device
 * (`vbc.language`, as Settings keeps a choice). Every word checked comes from the catalogues;
 * Arabic is `dir="rtl"`; each section is photographed in each language and passes axe.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildAccount } from '../packages/server/src/test/factories.ts';
import { buildBusiness } from '../packages/server/src/test/directories-support.ts';
import { expectAccessible } from './support/axe.ts';
import { catalogue, message } from './support/catalogue.ts';
import { expectDocumentIn, keepLanguage } from './support/language.ts';
import { apiIdle, hasChromium, launchBrowser, startSignedIn, type Browser } from './support/browser.ts';
import { screenshotAtWidths } from './support/screenshots.ts';
import { startServer, type RunningServer } from './support/server.ts';

type TLocale = 'ar' | 'es';

const u = randomBytes(3).toString('hex');
/** Two valid rows, two with errors (a short name and a bad e-mail; a phone not starting with 09). */
const CSV = [
  'name,email,phone,jobTitle,department',
  `Ana Reyes,ana-${u}@harbor.test,09171234567,Engineer,Platform`,
  `Al,not-an-email,09171234567,,`,
  `Ben Cruz,ben-${u}@harbor.test,08171234567,Sales,`,
  `Cara Cruz,cara-${u}@harbor.test,09181234567,Designer,Studio`,
].join('\n');

/** team:import.summary for 2 valid rows and 2 with errors (the ICU plurals' branches, worked out by hand: Arabic's `two`). */
const TWO_AND_TWO: Record<TLocale, string> = {
  es: '2 filas válidas, 2 con errores',
  ar: 'صفّان صالحان، وصفّان فيهما أخطاء',
};

describe.runIf(hasChromium())('the business console’s people sections in Arabic and Spanish (issue 31)', () => {
  let server: RunningServer;
  const browsers: Browser[] = [];
  let admin: Awaited<ReturnType<typeof buildAccount>>;
  let business: { corporateAccountId: string };

  beforeAll(async () => {
    server = await startServer();
    admin = await buildAccount(server.app, { name: 'Olivia Owner' });
    business = await buildBusiness(server.app, { name: `Harbor Studio ${u}`, memberEmails: [admin.account.email!] });
  });
  afterAll(async () => {
    for (const b of browsers) await b.close();
    await server?.close();
  });

  /** A desktop-wide tab signed in as the admin, in `locale` by the device-kept choice. */
  const openIn = async (locale: TLocale): Promise<Page> => {
    const browser = await launchBrowser({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    browsers.push(browser);
    const page = await browser.page();
    await keepLanguage(page, locale);
    await startSignedIn(page, admin);
    return page;
  };

  for (const locale of ['ar', 'es'] as const) {
    it(`members, the CSV import's preview and Domains and SSO in ${locale}`, async () => {
      const team = catalogue(locale, 'team');
      const common = catalogue(locale, 'common');
      const page = await openIn(locale);

      // Members: the section, the admin's role menu, the way to Import.
      await page.goto(`/vbc/console/${business.corporateAccountId}/members`);
      await expectDocumentIn(page, locale);
      await page.getByRole('heading', { level: 2, name: message(team, 'members.title') }).waitFor();
      await page.getByText(message(team, 'members.descriptionAdmin')).waitFor();
      const member = page.getByTestId('console-member').filter({ hasText: 'Olivia Owner' });
      await member.getByText(message(team, 'members.roleOf').replace('{name}', 'Olivia Owner')).first().waitFor();
      await member.getByRole('button', { name: message(team, 'members.remove') }).waitFor();
      await apiIdle(page);
      await screenshotAtWidths(page, `languages-team-members-${locale}`);
      await expectAccessible(page, `the console's members in ${locale}`);

      // Import: the preview of a file, its result line a plural, each row's state and reasons in the language.
      await page.getByRole('link', { name: message(team, 'members.import') }).click();
      await page.getByRole('heading', { level: 2, name: message(team, 'import.title') }).waitFor();
      await page.getByText(message(team, 'import.choose')).waitFor();
      await page.getByTestId('import-file').setInputFiles({ name: 'new-hires.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
      await page.getByRole('status').filter({ hasText: TWO_AND_TWO[locale] }).waitFor();
      const rows = page.getByTestId('import-row');
      expect(await rows.count()).toBe(4);
      const bad = rows.filter({ hasText: 'not-an-email' });
      await bad.getByText(message(team, 'import.invalid'), { exact: true }).waitFor();
      expect(await bad.textContent()).toContain(`email: ${message(common, 'problems.email')}`);
      await rows
        .filter({ hasText: `ana-${u}@harbor.test` })
        .getByText(message(team, 'import.valid'), { exact: true })
        .waitFor();
      for (const column of ['line', 'email', 'status', 'errors'])
        await page.getByRole('columnheader', { name: message(team, `import.${column}`) }).waitFor();
      await page.getByRole('button', { name: message(team, 'import.send') }).waitFor();
      await apiIdle(page);
      await screenshotAtWidths(page, `languages-team-import-${locale}`);
      await expectAccessible(page, `the import preview in ${locale}`);

      // Domains and SSO: a refused domain says why in the language; the single sign-on form beneath.
      await page.goto(`/vbc/console/${business.corporateAccountId}/sso`);
      await page.getByRole('heading', { level: 2, name: message(team, 'sso.domains.title') }).waitFor();
      await page.getByText(message(team, 'sso.domains.none')).waitFor();
      const add = page.getByRole('form', { name: message(team, 'sso.domains.add') });
      await add.getByLabel(message(team, 'sso.domains.field')).fill('not a domain');
      await add.getByRole('button', { name: message(team, 'sso.domains.addButton') }).click();
      await add.getByText(message(team, 'problems.domain')).waitFor();
      const sso = page.getByRole('form', { name: message(team, 'sso.form.label') });
      await page.getByRole('heading', { level: 2, name: message(team, 'sso.form.title') }).waitFor();
      await sso.getByText(message(team, 'sso.form.verifyFirst')).waitFor();
      await sso.getByRole('button', { name: message(team, 'sso.form.save') }).waitFor();
      await apiIdle(page);
      await screenshotAtWidths(page, `languages-team-sso-${locale}`);
      await expectAccessible(page, `domains and single sign-on in ${locale}`);
    });
  }
});
