/**
 * Accounts in a real browser (issue 3, docs/contracts.md §2 authentication window, §4
 * Login / Logout / Unregister / Session, §5 validation): the built app on the
 * real server, codes read from a real SMTP sink, Debian Chromium on a 420 px
 * phone viewport.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { seedDemo, type DemoSeed } from '../packages/server/src/seed/demo.ts';
import { expectAccessible } from './support/axe.ts';
import { hasChromium, launchBrowser, type Browser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { codeIn, startSmtpSink } from './support/smtp-sink.ts';
import { startSmsSink, type SmsSink } from '../packages/server/src/test/notify-sinks.ts';
import { leakedSecrets } from '../packages/server/src/test/secrets.ts';

type Sink = Awaited<ReturnType<typeof startSmtpSink>>;

const TITLE = 'Verify your contact information';
const NAV_LINKS = ['Announcements', 'Messages', 'Home', 'Others', 'Directories'];

let counter = 0;
/** A fresh address per journey: the sending limits count per contact. */
const newEmail = (label: string) => `${label}-${Date.now().toString(36)}-${counter++}@example.com`;

/** Chromium reports every 4xx answer as a console error; anything else is a real error. */
const realErrors = (errors: string[]) =>
  errors.filter((e) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(e));

describe.runIf(hasChromium())('accounts in the browser', () => {
  let sink: Sink;
  let sms: SmsSink;
  let server: RunningServer;
  let browser: Browser;
  let seed: DemoSeed;
  /** Every code, token and session id the journeys saw: none may reach the server log. */
  const secrets = new Set<string>();

  beforeAll(async () => {
    sink = await startSmtpSink();
    sms = await startSmsSink();
    server = await startServer({ SMTP_URL: sink.url, SMS_PROVIDER: 'http', SMS_URL: sms.url, SMS_TOKEN: 'e2e-sms-token' });
    const seeded = await seedDemo(server.app);
    if (!seeded) throw new Error('demo seed did not run on a fresh database');
    seed = seeded;
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
    await sms?.close();
  });

  const newBrowser = async () => {
    browser = await launchBrowser({ baseURL: server.url });
    return browser;
  };

  const authDialog = (page: Page) => page.getByRole('dialog', { name: TITLE });
  const notice = (page: Page, text: string) => page.getByTestId('notice').filter({ hasText: text });
  /** By CSS: while a window is open the page behind it is aria-hidden, out of the role tree. */
  const bottomNav = (page: Page) => page.locator('nav[aria-label="Main"]');
  const stored = (page: Page, key: string) => page.evaluate((k) => window.localStorage.getItem(k), key);
  /** Remembers the session this page holds (for the log check). */
  const keepSession = async (page: Page) => {
    for (const key of ['vbc.accessToken', 'vbc.sessionId']) {
      const value = await stored(page, key);
      if (value) secrets.add(value);
    }
  };

  /** Opens the window from the signed-out home screen. */
  const openAuth = async (page: Page) => {
    await page.goto('/vbc/');
    await page.getByRole('button', { name: 'Login / Register' }).click();
    const dialog = authDialog(page);
    await dialog.waitFor();
    return dialog;
  };

  /** Types the contact, presses "Send code" and returns the code mailed to it. */
  const requestCode = async (dialog: Locator, email: string) => {
    const before = sink.messages.length;
    await dialog.getByTestId('contact-input').fill(email);
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await dialog.getByTestId('otp-input').waitFor();
    const code = codeIn(await sink.waitFor(email, before));
    secrets.add(code);
    return code;
  };

  /** Registers `email` through the Register tab (Name first, then the code registers at once). */
  const registerByEmail = async (page: Page, email: string, name: string) => {
    const dialog = await openAuth(page);
    await dialog.getByRole('tab', { name: 'Register' }).click();
    await dialog.getByTestId('name-input').fill(name);
    const code = await requestCode(dialog, email);
    await dialog.getByTestId('otp-input').fill(code);
    await notice(page, 'Successfully Registered').waitFor();
    await bottomNav(page).waitFor();
    await keepSession(page);
  };

  it('registers by e-mail, logs out, logs in again; the bottom navigation follows the session', async () => {
    const b = await newBrowser();
    try {
      const page = await b.page();
      const email = newEmail('ana');
      // A card seen before signing in joins the account's recents at sign-in (docs/contracts.md §4 "sync recents").
      const viewed = seed.cards[0]!;
      await page.goto(`/vbc/${viewed.quickId}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await expect.poll(() => stored(page, 'vbc.recents')).toContain(viewed.virtualContactId);
      const dialog = await openAuth(page);
      expect(await bottomNav(page).count()).toBe(0);
      expect(await dialog.getByRole('tab').allTextContents()).toEqual(['Login', 'Register']);
      await expectAccessible(page, 'the sign-in window');

      // Contact → code: the contact becomes read-only, a one-time-code input appears with focus.
      const contact = dialog.getByTestId('contact-input');
      await expect.poll(() => contact.evaluate((el) => el === document.activeElement)).toBe(true);
      const code = await requestCode(dialog, email);
      expect(await contact.getAttribute('readonly')).not.toBeNull();
      const otp = dialog.getByTestId('otp-input');
      expect(await otp.getAttribute('autocomplete')).toBe('one-time-code');
      expect(await otp.getAttribute('inputmode')).toBe('numeric');
      await expect.poll(() => otp.evaluate((el) => el === document.activeElement)).toBe(true);
      await expect.poll(() => dialog.getByTestId('resend-code').textContent()).toMatch(/Resend code \(\d+s\)/);

      // A new contact: the six digits verify by themselves, then Name + Register.
      await otp.pressSequentially(code);
      await dialog.getByText(`No account uses ${email} yet`).waitFor();
      const name = dialog.getByTestId('name-input');
      await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true);
      await name.fill('Ana Cruz');
      await dialog.getByRole('button', { name: 'Register' }).click();
      await notice(page, 'Successfully Registered').waitFor();
      await authDialog(page).waitFor({ state: 'hidden' });

      // Signed in: the five-item bottom navigation, the session in product-prefixed keys.
      const nav = bottomNav(page);
      await nav.waitFor();
      // (Polled: while the sign-in window closes, the page behind it is hidden from role queries.)
      await expect
        .poll(() => nav.getByRole('link').evaluateAll((links) => links.map((l) => l.getAttribute('aria-label'))))
        .toEqual(NAV_LINKS);
      // Each destination shows its label, whole, down to a 320 px phone.
      for (const width of [320, 420, 1024]) {
        await page.setViewportSize({ width, height: 800 });
        const labels = await nav.getByTestId('nav-label').evaluateAll((ls) =>
          ls.map((l) => ({
            text: l.textContent,
            shown: l.getClientRects().length > 0 && l.scrollWidth <= l.clientWidth + 1,
            inside: l.getBoundingClientRect().right <= window.innerWidth,
          })),
        );
        expect(labels, `at ${width} px`).toEqual(NAV_LINKS.map((text) => ({ text, shown: true, inside: true })));
      }
      await page.setViewportSize({ width: 420, height: 860 });
      await expectAccessible(page, 'the signed-in home with the bottom navigation');
      expect(await stored(page, 'vbc.accessToken')).toBeTruthy();
      expect(await stored(page, 'vbc.sessionId')).toBeTruthy();
      expect(await stored(page, 'vbc.email')).toBe(email);
      expect(await stored(page, 'vbc.userName')).toBe('Ana Cruz');
      await keepSession(page);
      const serverRecents = () =>
        page.evaluate(async () => {
          const response = await fetch('/api/vbc/recents', {
            headers: { Authorization: `Bearer ${localStorage.getItem('vbc.accessToken')}` },
          });
          return ((await response.json()) as { recents: { virtualContactId: string }[] }).recents.map((r) => r.virtualContactId);
        });
      await expect.poll(serverRecents).toEqual([viewed.virtualContactId]);

      // A reload starts the session again (validate → account → recents → nav).
      const merged = page.waitForResponse((r) => r.url().endsWith('/api/personalAccount/mergeRecentlyViewedVbc'));
      await page.reload();
      expect((await merged).status()).toBe(200);
      await bottomNav(page).waitFor();

      // Log out from the settings screen (the menu's Settings): back home, signed out, the keys gone.
      await page.getByTestId('menu-button').click();
      await page.getByTestId('app-menu').getByRole('menuitem', { name: 'Settings' }).click();
      await page.waitForURL(/\/vbc\/settings$/);
      await page.getByRole('button', { name: 'Logout' }).waitFor();
      await expectAccessible(page, 'settings');
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL(/\/vbc\/$/);
      await page.getByRole('button', { name: 'Login / Register' }).waitFor();
      expect(await bottomNav(page).count()).toBe(0);
      for (const key of ['vbc.accessToken', 'vbc.sessionId', 'vbc.userName', 'vbc.email']) expect(await stored(page, key)).toBeNull();

      // Log in again: a known contact is signed in straight after the code.
      const again = await openAuth(page);
      const second = await requestCode(again, email);
      await again.getByTestId('otp-input').fill(second);
      await notice(page, 'Hey You! Welcome!').waitFor();
      await authDialog(page).waitFor({ state: 'hidden' });
      await bottomNav(page).waitFor();
      expect(await stored(page, 'vbc.userName')).toBe('Ana Cruz');
      await keepSession(page);
      expect(realErrors(b.errors)).toEqual([]);
    } finally {
      await b.close();
    }
  });

  it('says in the form that a code is wrong, asks for a new one after five wrong tries, and goes on with it', async () => {
    const b = await newBrowser();
    try {
      const page = await b.page();
      const email = newEmail('wrong');
      const dialog = await openAuth(page);
      const code = await requestCode(dialog, email);
      const wrong = code.replace(/^./, (d) => String((Number(d) + 1) % 10));
      const otp = dialog.getByTestId('otp-input');
      await otp.fill(wrong);
      const helper = dialog.getByTestId('otp-helper');
      await expect.poll(() => helper.textContent()).toBe('The code is wrong. Check it and try again.');
      expect(await otp.inputValue()).toBe('');
      expect(await otp.getAttribute('aria-invalid')).toBe('true');
      await expect.poll(() => otp.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await page.getByTestId('notice').count()).toBe(0); // docs/contracts.md §8: no toast, the field says it

      // The fifth wrong try kills the code (410): the form asks for a new one, and Resend works at once.
      for (let i = 2; i <= 5; i++) {
        await otp.fill(wrong);
        await expect.poll(() => otp.inputValue()).toBe('');
      }
      await expect.poll(() => helper.textContent()).toBe('Too many wrong tries: this code no longer works. Request a new code.');
      await otp.fill(code);
      await expect.poll(() => helper.textContent()).toMatch(/Request a new code\.$/);
      const before = sink.messages.length;
      await dialog.getByRole('button', { name: 'Resend code' }).click();
      const fresh = codeIn(await sink.waitFor(email, before));
      secrets.add(fresh);
      await notice(page, 'A new code is on its way.').waitFor();
      await otp.fill(fresh);
      await dialog.getByTestId('name-input').waitFor();
      expect(realErrors(b.errors)).toEqual([]);
    } finally {
      await b.close();
    }
  });

  it('a refused code request is a warning toast with the server text, and the contact stays editable', async () => {
    const b = await newBrowser();
    try {
      const page = await b.page();
      const email = newEmail('flood');
      const dialog = await openAuth(page);
      // Three codes per address in ten minutes; "Change" goes back to the contact each time.
      for (let i = 0; i < 3; i++) {
        await requestCode(dialog, email);
        await dialog.getByRole('button', { name: 'Change' }).click();
        await expect.poll(() => dialog.getByTestId('contact-input').getAttribute('readonly')).toBeNull();
      }
      await dialog.getByRole('button', { name: 'Send code' }).click();
      const warning = page
        .getByTestId('notice')
        .filter({ hasText: /^Too many codes were requested\. Try again in \d+ (minutes|seconds)\.$/ });
      await warning.waitFor();
      expect(await warning.getAttribute('data-severity')).toBe('warning');
      expect(await dialog.getByTestId('otp-input').count()).toBe(0);
      expect(await dialog.getByTestId('contact-input').inputValue()).toBe(email);
      expect(realErrors(b.errors)).toEqual([]);
    } finally {
      await b.close();
    }
  });

  it('registers by phone on the Register tab with the keyboard: name, 09…, Enter, the texted code', async () => {
    const b = await newBrowser();
    try {
      const page = await b.page();
      const phone = `0917${String(Date.now()).slice(-7)}`;
      await page.goto('/vbc/');
      await page.getByRole('button', { name: 'Login / Register' }).focus();
      await page.keyboard.press('Enter');
      const dialog = authDialog(page);
      await dialog.getByRole('tab', { name: 'Register' }).click();
      const name = dialog.getByTestId('name-input');
      await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.type('Dan Lim');
      await dialog.getByRole('button', { name: 'Phone' }).click();
      const contact = dialog.getByTestId('contact-input');
      await expect.poll(() => contact.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.type(phone.slice(2)); // after the "09" already there
      expect(await contact.inputValue()).toBe(phone);
      const before = sms.received.length;
      await page.keyboard.press('Enter');
      const otp = dialog.getByTestId('otp-input');
      await expect.poll(() => otp.evaluate((el) => el === document.activeElement)).toBe(true);
      await expect.poll(() => sms.received.length).toBe(before + 1);
      const text = sms.latestTo(`+63${phone.slice(1)}`);
      const code = /\b(\d{6})\b/.exec(text?.body.message ?? '')?.[1];
      expect(code).toBeDefined();
      secrets.add(code!);
      await page.keyboard.type(code!);
      // The name was given first: the verified new number registers at once.
      await notice(page, 'Successfully Registered').waitFor();
      await bottomNav(page).waitFor();
      expect(await stored(page, 'vbc.phone')).toBe(phone);
      await page.goto('/vbc/settings');
      await expect.poll(() => page.getByTestId('account-phone').textContent()).toBe(phone);
      expect(await page.getByTestId('account-name').textContent()).toBe('Dan Lim');
      expect(realErrors(b.errors)).toEqual([]);
    } finally {
      await b.close();
    }
  });

  it('checks the contact and the name with the SPEC texts before sending anything', async () => {
    const b = await newBrowser();
    try {
      const page = await b.page();
      const codeRequests: string[] = [];
      page.on('request', (r) => r.url().includes('RequestVerifyOtp') && codeRequests.push(r.url()));
      const dialog = await openAuth(page);
      const contact = dialog.getByTestId('contact-input');
      const send = dialog.getByRole('button', { name: 'Send code' });
      const problem = async (value: string) => {
        await contact.fill(value);
        await send.click();
        return (await dialog.locator('.MuiFormHelperText-root.Mui-error').allTextContents()).join(' | ');
      };

      expect(await problem('')).toBe('Required.');
      expect(await problem('ana@')).toBe('Invalid email format');

      await dialog.getByRole('button', { name: 'Phone' }).click();
      expect(await contact.inputValue()).toBe('09');
      expect(await problem('09')).toBe('Min 9 characters');
      expect(await problem('0912')).toBe('Min 9 characters');
      expect(await problem('0812345678')).toBe('Must start with 09.');
      expect(await problem('09ab12345')).toBe('Must be numbers.');
      expect(await problem('0917 123 4567')).toBe('Must be numbers.');
      expect(await problem('')).toBe('Required.');

      await dialog.getByRole('tab', { name: 'Register' }).click();
      await dialog.getByTestId('name-input').fill('Jo');
      expect(await problem('09171234567')).toBe('Min 3 characters');
      await dialog.getByTestId('name-input').fill('');
      expect(await problem('09171234567')).toBe('Required.');
      expect(codeRequests).toEqual([]);
      expect(realErrors(b.errors)).toEqual([]);
    } finally {
      await b.close();
    }
  });

  it('shows the account in settings, renames it, and deletes it by code', async () => {
    const b = await newBrowser();
    try {
      const page = await b.page();
      await page.goto('/vbc/settings');
      await page.getByText('Sign in to see this page.').waitFor();
      await page.getByRole('button', { name: 'Login / Register' }).waitFor();

      const email = newEmail('rename');
      await registerByEmail(page, email, 'Bea Santos');
      await page.goto('/vbc/settings');
      await expect.poll(() => page.getByTestId('account-name').textContent()).toBe('Bea Santos');
      expect(await page.getByTestId('account-email').textContent()).toBe(email);
      expect(await page.getByTestId('account-phone').textContent()).toBe('Not added');

      // Rename, with the name rule.
      await page.getByRole('button', { name: 'Edit name' }).click();
      const input = page.getByTestId('settings-name-input');
      await input.fill('Be');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Min 3 characters').waitFor();
      await input.fill('Beatriz Santos');
      await page.getByRole('button', { name: 'Save' }).click();
      await notice(page, 'Your name is saved.').waitFor();
      await expect.poll(() => page.getByTestId('account-name').textContent()).toBe('Beatriz Santos');
      await page.reload();
      await expect.poll(() => page.getByTestId('account-name').textContent()).toBe('Beatriz Santos');
      expect(await stored(page, 'vbc.userName')).toBe('Beatriz Santos');

      // Delete: yes/no prompt → code by mail → a wrong code is refused → the right one deletes.
      const before = sink.messages.length;
      await page.getByRole('button', { name: 'Delete' }).click();
      const prompt = page.getByRole('dialog', { name: 'Delete your account?' });
      await prompt.getByRole('button', { name: 'Yes, send the code' }).waitFor();
      await expectAccessible(page, 'the yes/no prompt');
      await prompt.getByRole('button', { name: 'Yes, send the code' }).click();
      const code = codeIn(await sink.waitFor(email, before));
      secrets.add(code);
      const deletion = page.getByRole('dialog', { name: 'Delete your account', exact: true });
      await deletion.getByText(/We sent a 6-digit code to r\*+@example\.com/).waitFor();
      const otp = deletion.getByTestId('otp-input');
      await otp.fill(code.replace(/^./, (d) => String((Number(d) + 1) % 10)));
      await expect.poll(() => deletion.getByTestId('otp-helper').textContent()).toBe('Wrong code. Check it and try again.');
      await otp.fill(code);
      await notice(page, 'Your account was deleted.').waitFor();
      await page.waitForURL(/\/vbc\/?$/);
      expect(await bottomNav(page).count()).toBe(0);
      expect(await stored(page, 'vbc.accessToken')).toBeNull();

      // The address is free again: signing in with it asks for a name.
      const dialog = await openAuth(page);
      const fresh = await requestCode(dialog, email);
      await dialog.getByTestId('otp-input').fill(fresh);
      await dialog.getByText(`No account uses ${email} yet`).waitFor();
      expect(realErrors(b.errors)).toEqual([]);
    } finally {
      await b.close();
    }
  });

  it('follows a sign-in made in another tab: the open window shows who is signed in, and Logout signs out', async () => {
    const b = await newBrowser();
    try {
      const email = newEmail('tabs');
      const first = await b.page();
      const dialog = await openAuth(first);
      const second = await b.page();
      await registerByEmail(second, email, 'Cy Reyes');

      await dialog.getByText(`You are currently logged in as Cy Reyes (${email})`).waitFor();
      await notice(first, 'Already Logged In').waitFor();
      await bottomNav(first).waitFor();
      await dialog.getByRole('button', { name: 'Logout' }).click();
      await first.waitForLoadState('load');
      await first.getByRole('button', { name: 'Login / Register' }).waitFor();
      expect(await stored(first, 'vbc.accessToken')).toBeNull();
      // The other tab follows the logout too.
      await bottomNav(second).waitFor({ state: 'detached' });
      await second.reload();
      await second.getByRole('button', { name: 'Login / Register' }).waitFor();
      expect(realErrors(b.errors)).toEqual([]);
    } finally {
      await b.close();
    }
  });

  it('leaves none of the codes, tokens or session ids it issued in the server log', () => {
    expect(secrets.size).toBeGreaterThan(10);
    const log = server.log.text;
    expect(log.length).toBeGreaterThan(0);
    expect(leakedSecrets(log, secrets)).toEqual([]);
  });
});
