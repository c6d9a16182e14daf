/**
 * Editor → "Write to NFC tag" (issue 29) in Chromium with an injected `NDEFReader` (no phone here):
 * shown only where the browser has one; writes one URL record of the short link with `s=nfc`;
 * `makeReadOnly` is called only after the confirmation that says locking cannot be undone; each
 * failure (permission, no NFC, a timeout, a locked tag) gets its own message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildAccount, buildCard } from '../packages/server/src/test/factories.ts';
import { expectAccessible } from './support/axe.ts';
import { hasChromium, launchBrowser, startSignedIn, type Browser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

/** What the fake reader was asked to do, and how it answers the next call. */
interface TFakeNfc {
  writes: unknown[];
  locks: number;
  mode: 'ok' | 'NotAllowedError' | 'NotSupportedError' | 'readOnly' | 'never';
}

/** A stand-in for Chrome's NDEFReader: records what is written, answers by `window.fakeNfc.mode`. */
function injectNdefReader() {
  const state: TFakeNfc = { writes: [], locks: 0, mode: 'ok' };
  (window as unknown as { fakeNfc: TFakeNfc }).fakeNfc = state;
  const answer = (signal: AbortSignal | undefined, done: () => void) =>
    new Promise<void>((resolve, reject) => {
      if (state.mode === 'never') {
        signal?.addEventListener('abort', () => reject(new DOMException('The NFC operation was cancelled.', 'AbortError')));
        return;
      }
      if (state.mode === 'readOnly') return reject(new DOMException('Failed to write due to an IO error.', 'NetworkError'));
      if (state.mode !== 'ok') return reject(new DOMException('refused', state.mode));
      done();
      resolve();
    });
  (window as unknown as { NDEFReader: unknown }).NDEFReader = class {
    write(message: unknown, options?: { signal?: AbortSignal }) {
      return answer(options?.signal, () => state.writes.push(message));
    }
    makeReadOnly(options?: { signal?: AbortSignal }) {
      return answer(options?.signal, () => (state.locks += 1));
    }
  };
}

describe.runIf(hasChromium())('write to NFC tag', () => {
  let server: RunningServer;
  let browser: Browser;
  let owner: Awaited<ReturnType<typeof buildAccount>>;
  let card: Awaited<ReturnType<typeof buildCard>>;

  const fake = (page: Page) => page.evaluate(() => (window as unknown as { fakeNfc: TFakeNfc }).fakeNfc);
  const setMode = (page: Page, mode: TFakeNfc['mode']) =>
    page.evaluate((m) => ((window as unknown as { fakeNfc: TFakeNfc }).fakeNfc.mode = m), mode);
  const openEditor = async (page: Page) => {
    await page.goto(`/vbc/edit/${card.id}`);
    await page.getByRole('button', { name: 'QR code' }).waitFor();
  };

  beforeAll(async () => {
    server = await startServer();
    owner = await buildAccount(server.app, { name: 'Nina Nfc' });
    card = await buildCard(server.app, { firstName: 'Nina' }, { ownerAccountId: owner.account.id });
    browser = await launchBrowser({ baseURL: server.url });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('is not offered where the browser has no NDEFReader', async () => {
    const page = await browser.page();
    await startSignedIn(page, owner);
    await openEditor(page);
    expect(await page.getByRole('button', { name: 'Write to NFC tag' }).count()).toBe(0);
    await page.close();
  });

  it('writes the short link with s=nfc, and locks the tag only after the confirmation', async () => {
    const page = await browser.page();
    await startSignedIn(page, owner);
    await page.addInitScript(injectNdefReader);
    await openEditor(page);
    await page.getByRole('button', { name: 'Write to NFC tag' }).click();
    const dialog = page.getByTestId('nfc-dialog');
    await expectAccessible(page, 'the NFC window');
    await dialog.getByRole('button', { name: 'Write', exact: true }).click();
    await dialog.getByText('Written: tapping this tag opens your card.').waitFor();
    expect(await fake(page)).toEqual({
      writes: [{ records: [{ recordType: 'url', data: `${server.url}/ds/vbc/i/${card.quickId}?s=nfc` }] }],
      locks: 0,
      mode: 'ok',
    });

    await dialog.getByRole('button', { name: 'Lock the tag…' }).click();
    expect(await dialog.getByTestId('nfc-lock-warning').textContent()).toContain('This cannot be undone');
    expect((await fake(page)).locks).toBe(0);
    await expectAccessible(page, 'the NFC lock confirmation');
    await dialog.getByRole('button', { name: 'Don’t lock' }).click();
    expect((await fake(page)).locks).toBe(0);

    await dialog.getByRole('button', { name: 'Lock the tag…' }).click();
    await dialog.getByRole('button', { name: 'Lock for good' }).click();
    await dialog.getByText('The tag is locked: it opens your card and can no longer be changed.').waitFor();
    expect((await fake(page)).locks).toBe(1);
    expect(browser.errors).toEqual([]);
    await page.close();
  });

  it('says what went wrong: permission refused, no NFC, a locked tag, no tag in time', async () => {
    const page = await browser.page();
    await startSignedIn(page, owner);
    await page.clock.install();
    await page.addInitScript(injectNdefReader);
    await openEditor(page);
    await page.getByRole('button', { name: 'Write to NFC tag' }).click();
    const dialog = page.getByTestId('nfc-dialog');
    const failsWith = async (mode: TFakeNfc['mode'], text: string, wait?: () => Promise<void>) => {
      await setMode(page, mode);
      await dialog.getByRole('button', { name: 'Write', exact: true }).click();
      await wait?.();
      expect(await dialog.getByRole('alert').textContent()).toBe(text);
    };
    await failsWith('NotAllowedError', 'NFC is not allowed for this site. Allow NFC in your browser’s site settings, then try again.');
    await failsWith(
      'NotSupportedError',
      'This phone cannot write NFC tags, or NFC is turned off. Turn NFC on in your phone’s settings, then try again.',
    );
    await failsWith('readOnly', 'This tag is locked (read-only): it cannot be written. Use another tag.');
    await failsWith('never', 'No tag was found in time. Hold the tag flat against the back of your phone and try again.', async () => {
      await dialog.getByRole('status').waitFor();
      await page.clock.fastForward(31_000);
    });
    await expectAccessible(page, 'the NFC window with an error');
    expect((await fake(page)).writes).toEqual([]);
    await page.close();
  });
});
