/**
 * Settings and adoption in Arabic and Spanish (issue 31): the Settings screen, the contact-change
 * dialog (a refused address with its reason) and the delete-account dialog (a wrong code refused),
 * in the language kept on the device (`vbc.language`); the unadopted card screen with its adoption
 * form in Arabic (a wrong code refused, then the right one adopts). Every word checked comes from
 * the catalogues; Arabic is `dir="rtl"`; each screen is photographed and passes axe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildAccount } from '../packages/server/src/test/factories.ts';
import { expectAccessible } from './support/axe.ts';
import { catalogue, message } from './support/catalogue.ts';
import { apiIdle, hasChromium, launchBrowser, startSignedIn, type Browser } from './support/browser.ts';
import { mintCard } from './support/mint.ts';
import { screenshotAtWidths } from './support/screenshots.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { codeIn, startSmtpSink } from './support/smtp-sink.ts';
import { expectDocumentIn, keepLanguage } from './support/language.ts';

type TLocale = 'ar' | 'es';

const ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdef';
let counter = 0;
const newEmail = (label: string) => `${label}-${Date.now().toString(36)}-${counter++}@example.com`;

describe.runIf(hasChromium())('Settings and adoption in Arabic and Spanish (issue 31)', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let server: RunningServer;
  const browsers: Browser[] = [];

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startServer({ SMTP_URL: sink.url, ADMIN_TOKEN });
  });
  afterAll(async () => {
    for (const b of browsers) await b.close();
    await server?.close();
    await sink?.close();
  });

  /** A tab signed in as `account`, in `locale` by the device-kept choice. */
  const openIn = async (locale: TLocale, account: { accessToken: string; sessionId: string }): Promise<Page> => {
    const browser = await launchBrowser({ baseURL: server.url });
    browsers.push(browser);
    const page = await browser.page();
    await keepLanguage(page, locale);
    await startSignedIn(page, account);
    return page;
  };

  for (const locale of ['ar', 'es'] as const) {
    it(`Settings in ${locale}: the screen, the contact-change dialog and the delete-account dialog speak it`, async () => {
      const settings = catalogue(locale, 'settings');
      const auth = catalogue(locale, 'auth');
      const common = catalogue(locale, 'common');
      const email = newEmail(`settings-${locale}`);
      const account = await buildAccount(server.app, { name: 'Layla Santos', email });
      const taken = newEmail('taken');
      await buildAccount(server.app, { email: taken });
      const page = await openIn(locale, account);

      await page.goto('/vbc/settings');
      await expectDocumentIn(page, locale);
      await page.getByRole('heading', { level: 1, name: message(settings, 'title') }).waitFor();
      expect(await page.title()).toBe(message(settings, 'documentTitle'));
      for (const section of ['account', 'notifications', 'session', 'danger'])
        await page.getByRole('region', { name: message(settings, `sections.${section}`) }).waitFor();
      expect(await page.getByTestId('account-email').textContent()).toBe(email);
      // The address stays left to right in the Arabic row.
      expect(await page.getByTestId('account-email').locator('bdi[dir="ltr"]').textContent()).toBe(email);
      expect(await page.getByTestId('account-phone').textContent()).toBe(message(settings, 'account.notAdded'));
      await page.getByRole('button', { name: message(settings, 'account.editName') }).waitFor();
      await page.getByRole('button', { name: message(settings, 'account.addPhone') }).waitFor();
      await page.getByText(message(settings, 'deletion.text')).waitFor();
      await page.getByRole('button', { name: message(settings, 'session.logout') }).waitFor();
      await apiIdle(page);
      // Nothing wider than a phone: a long address in the header wraps or ends in an ellipsis instead of
      // pushing the page sideways (in Arabic that overflow went off the left edge).
      await page.setViewportSize({ width: 360, height: 800 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
      await screenshotAtWidths(page, `languages-settings-${locale}`);
      await expectAccessible(page, `Settings in ${locale}`);

      // Changing the e-mail: the dialog in the language; an address another account holds is refused, in its words.
      await page.getByRole('button', { name: message(settings, 'account.changeEmail') }).click();
      const change = page.getByRole('dialog', { name: message(settings, 'contact.changeEmail') });
      const input = change.getByRole('textbox', { name: message(settings, 'contact.newEmail') });
      await input.fill(taken);
      await change.getByRole('button', { name: message(auth, 'submit.contact') }).click();
      await change.getByText(message(settings, 'contact.takenEmail')).waitFor();
      await change.getByRole('button', { name: message(common, 'actions.cancel') }).waitFor();
      await screenshotAtWidths(page, `languages-settings-change-contact-${locale}`);
      await expectAccessible(page, `the contact-change dialog in ${locale}`);
      await change.getByRole('button', { name: message(common, 'actions.cancel') }).click();
      await change.waitFor({ state: 'detached' });

      // Deleting: the question, then the code dialog; a wrong code is refused in the language.
      const before = sink.messages.length;
      await page.getByRole('button', { name: message(settings, 'deletion.button'), exact: true }).click();
      const prompt = page.getByRole('dialog', { name: message(settings, 'deletion.askTitle') });
      await prompt.getByRole('button', { name: message(settings, 'deletion.askNo') }).waitFor();
      await prompt.getByRole('button', { name: message(settings, 'deletion.askYes') }).click();
      const code = codeIn(await sink.waitFor(email, before));
      const deletion = page.getByRole('dialog', { name: message(settings, 'deletion.title'), exact: true });
      await deletion.getByRole('button', { name: message(settings, 'deletion.confirm') }).waitFor();
      // The masked address stays left to right inside the sentence.
      expect(await deletion.locator('bdi[dir="ltr"]').textContent()).toMatch(/^s\*+@example\.com$/);
      await deletion.getByTestId('otp-input').fill(code.replace(/^./, (d) => String((Number(d) + 1) % 10)));
      await expect.poll(() => deletion.getByTestId('otp-helper').textContent()).toBe(message(settings, 'deletion.wrongCode'));
      await screenshotAtWidths(page, `languages-settings-delete-${locale}`);
      await expectAccessible(page, `the delete-account dialog in ${locale}`);
    });
  }

  it('the unadopted card screen in ar: the adoption form refuses a wrong code and adopts with the right one', async () => {
    const card = catalogue('ar', 'card');
    const adoption = catalogue('ar', 'adoption');
    const minted = await mintCard(server.url, ADMIN_TOKEN);
    const adopter = await buildAccount(server.app, { name: 'Ada Adopter' });
    const page = await openIn('ar', adopter);

    await page.goto(`/vbc/${minted.quickId}`);
    await expectDocumentIn(page, 'ar');
    await page.getByRole('heading', { level: 1, name: message(card, 'unadopted.title') }).waitFor();
    await page.getByText(message(adoption, 'enterCode')).waitFor();
    await apiIdle(page);
    await screenshotAtWidths(page, 'languages-adoption-ar');
    await expectAccessible(page, 'the unadopted card screen in ar');

    const input = page.getByTestId('adoption-code');
    // The eight cells run left to right, as the code is printed.
    expect(await input.evaluate((el) => getComputedStyle(el.parentElement!).direction)).toBe('ltr');
    const wrong = (minted.passcode.startsWith('Z') ? 'Y' : 'Z') + minted.passcode.slice(1);
    await input.fill(wrong);
    await page.getByText(message(adoption, 'failed')).waitFor();
    expect(await input.inputValue()).toBe('');
    // The code tried, left to right, in the sentence that says it.
    const typed = page.getByTestId('adoption-typed');
    expect(await typed.textContent()).toBe(`${wrong.slice(0, 4)}-${wrong.slice(4)}`);
    expect(await typed.getAttribute('dir')).toBe('ltr');
    await screenshotAtWidths(page, 'languages-adoption-refused-ar');
    await expectAccessible(page, "the adoption form's refusal in ar");

    await input.fill(minted.passcode);
    await page.getByRole('heading', { level: 1, name: message(adoption, 'adopted') }).waitFor();
    await page.waitForURL(`**/vbc/edit/${minted.virtualContactId}`, { timeout: 10_000 });
    await page
      .getByTestId('notice')
      .filter({ hasText: message(adoption, 'congratulations') })
      .waitFor();
  });
});
