/**
 * Wallet dialogs in a real browser (issue 14): the owner's card at home and in the editor,
 * "Add to Apple Wallet" downloads a real signed pass (test certificates), Google's add button
 * carries the JWT, failures show docs/contracts.md §8's warnings, and inside the iOS wrapper the pass goes to
 * the native handler as 'pkpass' (docs/ios-bridge.md §2) with its answer as a toast.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { buildAccount, buildCard } from '../packages/server/src/test/factories.ts';
import { applePassEnv, makePassCerts, makeServiceAccount, unzip } from '../packages/server/src/test/wallet-certs.ts';
import { expectAccessible } from './support/axe.ts';
import { apiIdle, hasChromium, launchBrowser, startSignedIn, type Browser } from './support/browser.ts';
import { screenshotAtWidths } from './support/screenshots.ts';
import { startServer, type RunningServer } from './support/server.ts';

const realErrors = (errors: string[]) =>
  errors.filter((e) => !/Failed to load resource: the server responded with a status of (4|5)\d\d/.test(e));

describe.runIf(hasChromium())('wallet pass dialogs in the browser', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    const certs = makePassCerts();
    // Both providers configured: Apple with a throwaway chain, Google with a throwaway service account.
    server = await startServer({
      ...applePassEnv(certs),
      GOOGLE_WALLET_ISSUER_ID: '3388000000012345678',
      GOOGLE_WALLET_SERVICE_ACCOUNT: makeServiceAccount().json,
    });
  });
  afterEach(async () => {
    await browser?.close();
  });
  afterAll(async () => {
    await server?.close();
  });

  /**
   * A new owner in a browser profile of their own (one person, one device). With one profile for
   * every test, each earlier owner's page stayed open, and an open page follows another tab's
   * sign-in and sign-out (a storage event): any of them could move the next owner's session.
   * That may be why the wrapper test once waited 30 s for its owner's wallet button (not proven).
   */
  async function ownerWithCard(firstName: string) {
    const owner = await buildAccount(server.app);
    const card = await buildCard(server.app, { firstName, lastName: 'Wallet' }, { ownerAccountId: owner.account.id });
    browser = await launchBrowser({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    const page = await browser.page();
    await startSignedIn(page, owner);
    return { owner, card, page };
  }
  const openHomeWallet = async (page: Page, name: string, item: 'Add to Apple Wallet' | 'Add to Google Wallet') => {
    await page.goto('/vbc/');
    await page.getByRole('button', { name: `Add ${name} to a wallet` }).click();
    await page.getByRole('menuitem', { name: item }).click();
  };

  it('home: Apple pass generating → ready → "Download pass" saves pass.pkpass with the card on it', async () => {
    const { page } = await ownerWithCard('Ines');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Hold the answer a moment: the generating state is visible first.
    await page.route('**/api/personalAccount/generateAppleWalletPass/**', async (route) => {
      await held;
      await route.continue();
    });
    await openHomeWallet(page, 'Ines Wallet', 'Add to Apple Wallet');
    const dialog = page.getByTestId('wallet-apple-dialog');
    await dialog.getByText('Generating your pass …').waitFor();
    release();
    await dialog.getByTestId('wallet-ready').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('link', { name: 'Download pass' }).click()]);
    expect(download.suggestedFilename()).toBe('pass.pkpass');
    const files = unzip(readFileSync((await download.path())!));
    expect(JSON.parse(files.get('pass.json')!.toString()).generic.primaryFields[0].value).toBe('Ines Wallet');
    expect(files.has('signature')).toBe(true);
    await dialog.waitFor({ state: 'detached' });
    expect(realErrors(browser.errors)).toEqual([]);
  });

  it("failures stay on screen with the server's reason (a card deleted meanwhile), and docs/contracts.md §8's text for a broken result", async () => {
    const { page, card, owner } = await ownerWithCard('Joao');
    await page.goto(`/vbc/edit/${card.id}`);
    const appleButton = page.getByRole('button', { name: 'Add to Apple Wallet' });
    await appleButton.waitFor();
    // The card goes (another device) while the editor is open: the server says why the pass cannot be made.
    const deleted = await fetch(`${server.url}/api/vbc/virtualcontact/${card.id}`, { method: 'DELETE', headers: owner.headers });
    expect(deleted.status).toBe(204);
    await appleButton.click();
    const apple = page.getByTestId('wallet-apple-dialog');
    const failure = apple.getByRole('alert');
    await failure.getByText('Failed to generate Apple Wallet pass.').waitFor();
    await failure.getByText('The card or pet was not found.').waitFor();
    await screenshotAtWidths(page, 'wallet-failure');
    await expectAccessible(page, 'a wallet failure');
    // It stays until the owner closes it (not a toast that vanishes).
    await apple.getByRole('button', { name: 'Close' }).click();
    await apple.waitFor({ state: 'detached' });

    const other = await buildCard(server.app, { firstName: 'Joao', lastName: 'Again' }, { ownerAccountId: owner.account.id });
    await page.route('**/api/personalAccount/generateAppleWalletPass/**', (route) =>
      route.fulfill({ status: 200, contentType: 'application/vnd.apple.pkpass', body: '' }),
    );
    await page.route('**/api/personalAccount/generateGoogleWalletPass/**', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{}' }),
    );
    await page.goto(`/vbc/edit/${other.id}`);
    await page.getByRole('button', { name: 'Add to Apple Wallet' }).click();
    await apple.getByRole('alert').getByText('Failed to generate Apple Wallet pass.').waitFor();
    await apple.getByRole('button', { name: 'Close' }).click();
    await apple.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Add to Google Wallet' }).click();
    const google = page.getByTestId('wallet-google-dialog');
    await google.getByRole('alert').getByText('Failed to generate Google Wallet pass.').waitFor();
    await google.getByRole('button', { name: 'Close' }).click();
    await google.waitFor({ state: 'detached' });
    expect(realErrors(browser.errors)).toEqual([]);
  });

  it("editor: Google ready state links to Google's save URL with the jwt", async () => {
    const { page, card } = await ownerWithCard('Rita');
    await page.route('**/api/personalAccount/generateGoogleWalletPass/**', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ jwt: 'aaa.bbb.ccc' }) }),
    );
    await page.goto(`/vbc/edit/${card.id}`);
    await page.getByRole('button', { name: 'Add to Google Wallet' }).click();
    const add = page.getByTestId('wallet-google-dialog').getByRole('link', { name: 'Add to Google Wallet' });
    await add.waitFor();
    expect(await add.getAttribute('href')).toBe('https://pay.google.com/gp/v/save/aaa.bbb.ccc');
  });

  it('inside the iOS wrapper: the pass goes to the native handler as pkpass, and its answer is a toast', async () => {
    const { page } = await ownerWithCard('Nuno');
    await page.addInitScript(() => {
      const w = window as unknown as { vbcNativeApp: object; webkit: object; posted: unknown[] };
      w.posted = [];
      // The push question was answered before: no prompt over the home screen.
      localStorage.setItem('vbc.pushAsked', 'true');
      w.vbcNativeApp = { platform: 'ios', version: 1 };
      w.webkit = { messageHandlers: { vbc: { postMessage: (message: unknown) => w.posted.push(message) } } };
    });
    await openHomeWallet(page, 'Nuno Wallet', 'Add to Apple Wallet');
    await page.getByText('Opening Apple Wallet …').waitFor();
    const sent = await page.waitForFunction(() =>
      (window as unknown as { posted: { action: string }[] }).posted.find((m) => m.action === 'pkpass'),
    );
    const message = (await sent.jsonValue()) as unknown as { payload: { data: string; fileName: string; mimeType: string } };
    expect(message.payload.fileName).toBe('pass.pkpass');
    expect(message.payload.mimeType).toBe('application/vnd.apple.pkpass');
    const files = unzip(Buffer.from(message.payload.data, 'base64'));
    expect(JSON.parse(files.get('pass.json')!.toString()).generic.primaryFields[0].value).toBe('Nuno Wallet');
    // No download in the wrapper.
    expect(await page.getByRole('link', { name: 'Download pass' }).count()).toBe(0);
    await page.evaluate(() =>
      (window as unknown as { vbcNativeReceive: (m: unknown) => void }).vbcNativeReceive({
        action: 'pkpassResult',
        payload: { added: true },
      }),
    );
    await page.getByText('Pass added to Apple Wallet').waitFor();
    await page.getByTestId('wallet-apple-dialog').waitFor({ state: 'detached' });
    // A refusal from PassKit arrives as the rejection value: a warning toast.
    await page.getByRole('button', { name: 'Add Nuno Wallet to a wallet' }).click();
    await page.getByRole('menuitem', { name: 'Add to Apple Wallet' }).click();
    await page.waitForFunction(
      () => (window as unknown as { posted: { action: string }[] }).posted.filter((m) => m.action === 'pkpass').length === 2,
    );
    await page.evaluate(() =>
      (window as unknown as { vbcNativeReceive: (m: unknown) => void }).vbcNativeReceive({
        action: 'pkpassResult',
        payload: { added: false, error: 'The pass is invalid.' },
      }),
    );
    await page.getByText('The pass is invalid.').waitFor();
  });
});

describe.runIf(hasChromium())('wallet buttons without wallet keys', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('the server says it cannot make passes, and neither Home nor the editor offers "Add to … Wallet"', async () => {
    const availability = await fetch(`${server.url}/api/wallet/availability`);
    expect(availability.status).toBe(200);
    expect(await availability.json()).toEqual({ apple: false, google: false });

    const owner = await buildAccount(server.app);
    const card = await buildCard(server.app, { firstName: 'Nadia', lastName: 'Nowallet' }, { ownerAccountId: owner.account.id });
    browser = await launchBrowser({ baseURL: server.url, viewport: { width: 390, height: 844 } });
    const page = await browser.page();
    await startSignedIn(page, owner);
    await page.goto('/vbc/');
    await page.getByText('Nadia Nowallet').first().waitFor();
    await apiIdle(page, 500);
    expect(await page.getByRole('button', { name: 'Add Nadia Nowallet to a wallet' }).count()).toBe(0);
    await screenshotAtWidths(page, 'wallet-home-without-keys');
    await expectAccessible(page, 'home without wallet keys');

    await page.goto(`/vbc/edit/${card.id}`);
    await page.getByRole('button', { name: 'QR code' }).waitFor();
    await apiIdle(page, 500);
    expect(await page.getByRole('button', { name: 'Add to Apple Wallet' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add to Google Wallet' }).count()).toBe(0);
  });
});
