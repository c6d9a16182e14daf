/**
 * Changing one's own e-mail or phone in Settings (issue 30): the new contact is proved by a code
 * sent to it (read from the real SMTP sink and the SMS sink) before it replaces the old one, the
 * old contact is told, and a contact another account holds is refused with its reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildAccount } from '../packages/server/src/test/factories.ts';
import { startSmsSink, type SmsSink } from '../packages/server/src/test/notify-sinks.ts';
import { toE164 } from '../packages/server/src/platform/notify/phone.ts';
import { expectAccessible } from './support/axe.ts';
import { hasChromium, launchBrowser, startSignedIn, type Browser } from './support/browser.ts';
import { screenshotAtWidths } from './support/screenshots.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { codeIn, startSmtpSink } from './support/smtp-sink.ts';

let counter = 0;
const newEmail = (label: string) => `${label}-${Date.now().toString(36)}-${counter++}@example.com`;

describe.runIf(hasChromium())("changing one's own e-mail and phone", () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let sms: SmsSink;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    sink = await startSmtpSink();
    sms = await startSmsSink();
    server = await startServer({ SMTP_URL: sink.url, SMS_PROVIDER: 'http', SMS_URL: sms.url, SMS_TOKEN: 'e2e-sms-token' });
    browser = await launchBrowser({ baseURL: server.url });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await sink?.close();
    await sms?.close();
  });

  const settings = async (account: Awaited<ReturnType<typeof buildAccount>>): Promise<Page> => {
    const page = await browser.page();
    await startSignedIn(page, account);
    await page.goto('/vbc/settings');
    await page.getByTestId('account-email').waitFor();
    return page;
  };

  it('changes the e-mail with the code sent to the new address; the old address is told; a taken one is refused', async () => {
    const oldEmail = newEmail('old');
    const account = await buildAccount(server.app, { email: oldEmail });
    const other = await buildAccount(server.app, { email: newEmail('taken') });
    const page = await settings(account);
    await expectAccessible(page, 'Settings');
    await screenshotAtWidths(page, 'settings-contacts');

    await page.getByRole('button', { name: 'Change e-mail' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change your e-mail address' });
    const input = dialog.getByRole('textbox', { name: 'New e-mail address' });
    await input.fill(other.account.email!);
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await dialog.getByText('This e-mail address is already used by another account.').waitFor();
    await expectAccessible(page, 'the change e-mail window with a refusal');

    const nextEmail = newEmail('new');
    await input.fill(nextEmail);
    const before = sink.messages.length;
    await dialog.getByRole('button', { name: 'Send code' }).click();
    const code = codeIn(await sink.waitFor(nextEmail, before));
    await dialog.getByTestId('otp-input').waitFor();
    await screenshotAtWidths(page, 'change-email-code');
    // Not changed before the code comes back.
    expect(await page.getByTestId('account-email').textContent()).toBe(oldEmail);
    await dialog.getByTestId('otp-input').fill(code);
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('notice').filter({ hasText: 'Your e-mail address is changed.' }).waitFor();
    await expect.poll(() => page.getByTestId('account-email').textContent()).toBe(nextEmail);
    const notice = await sink.waitFor(oldEmail, before);
    expect(notice.raw).toMatch(/Subject: Your V\.B\.C\. e-mail address was changed/);
    await page.close();
  });

  it('adds a phone with the code texted to it; the e-mail is told', async () => {
    const email = newEmail('phone');
    const account = await buildAccount(server.app, { email });
    const page = await settings(account);
    expect(await page.getByTestId('account-phone').textContent()).toBe('Not added');
    await page.getByRole('button', { name: 'Add phone' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a phone number' });
    const phone = `0917${String(Date.now()).slice(-7)}`;
    await dialog.getByRole('textbox', { name: 'New phone number' }).fill(phone);
    const before = sink.messages.length;
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await dialog.getByTestId('otp-input').waitFor();
    await expect.poll(() => sms.latestTo(toE164(phone)!)?.body.message ?? '').toMatch(/^\d{6} confirms this number/);
    await expectAccessible(page, 'the add phone window, code step');
    const texted = sms.latestTo(toE164(phone)!)!.body.message;
    await dialog.getByTestId('otp-input').fill(/^(\d{6})/.exec(texted)![1]!);
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('account-phone').textContent()).toBe(phone);
    expect((await sink.waitFor(email, before)).raw).toMatch(/Subject: A phone number was added to your V\.B\.C\. account/);
    await page.getByRole('button', { name: 'Change phone' }).waitFor();
    await page.close();
  });
});
