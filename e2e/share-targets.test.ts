/**
 * The share window's targets (issue 30 "More ways to share"): besides the copyable link and
 * Facebook, plain share links for WhatsApp, Messenger, Telegram, LinkedIn, SMS and e-mail, each
 * carrying the encoded card link, with no third-party script; the device's own share sheet first
 * where the browser has `navigator.share`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildCard } from '../packages/server/src/test/factories.ts';
import { expectAccessible } from './support/axe.ts';
import { hasChromium, launchBrowser, type Browser } from './support/browser.ts';
import { screenshotAtWidths } from './support/screenshots.ts';
import { startServer, type RunningServer } from './support/server.ts';

describe.runIf(hasChromium())('the share window offers many ways to share', () => {
  let server: RunningServer;
  let browser: Browser;
  let card: Awaited<ReturnType<typeof buildCard>>;

  beforeAll(async () => {
    server = await startServer();
    card = await buildCard(server.app, { firstName: 'Shared', lastName: 'Person', jobTitle: 'Baker & Co' });
    browser = await launchBrowser({ baseURL: server.url });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** Opens the card and its share window; `share` stubs navigator.share (recording its calls) or removes it. */
  const openShare = async (share: 'stub' | 'none'): Promise<Page> => {
    const page = await browser.page();
    await page.addInitScript((mode) => {
      const calls: unknown[] = [];
      (window as unknown as { shareCalls: unknown[] }).shareCalls = calls;
      Object.defineProperty(Navigator.prototype, 'share', {
        configurable: true,
        value:
          mode === 'stub'
            ? (data: unknown) => {
                calls.push(data);
                return Promise.resolve();
              }
            : undefined,
      });
    }, share);
    await page.goto(`/vbc/${card.quickId}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await page.getByTestId('share-dialog').getByTestId('qr-canvas').waitFor();
    return page;
  };

  it('each target is a plain link with the encoded card link; no third-party script loads', async () => {
    const scripts: string[] = [];
    const page = await openShare('none');
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    const dialog = page.getByTestId('share-dialog');
    const link = `${server.url}/ds/vbc/i/${card.quickId}?s=link`;
    const u = encodeURIComponent(link);
    const text = encodeURIComponent('Shared Person — Baker & Co');
    const expected: Record<string, string> = {
      'Share To Facebook': `https://www.facebook.com/sharer/sharer.php?u=${u}`,
      'Share To WhatsApp': `https://wa.me/?text=${text}%20${u}`,
      'Share To Messenger': `fb-messenger://share/?link=${u}`,
      'Share To Telegram': `https://t.me/share/url?url=${u}&text=${text}`,
      'Share To LinkedIn': `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
      'Share by SMS': `sms:?&body=${text}%20${u}`,
      'Share by e-mail': `mailto:?subject=${encodeURIComponent('Shared Person')}&body=${text}%0A${u}`,
    };
    for (const [name, href] of Object.entries(expected)) {
      const target = dialog.getByRole('link', { name, exact: true });
      expect(await target.getAttribute('href'), name).toBe(href);
    }
    // No native sheet without navigator.share.
    expect(await dialog.getByRole('button', { name: 'Share', exact: true }).count()).toBe(0);
    await expectAccessible(page, 'the share window');
    await screenshotAtWidths(page, 'share-window');
    expect(scripts.filter((s) => !s.startsWith(server.url))).toEqual([]);
    await page.close();
  });

  it('with navigator.share, the native Share comes first and opens the sheet with the card link', async () => {
    const page = await openShare('stub');
    const targets = page.getByTestId('share-targets');
    const first = targets.locator('a, button').first();
    expect(await first.textContent()).toBe('Share');
    await first.click();
    const calls = await page.evaluate(() => (window as unknown as { shareCalls: unknown[] }).shareCalls);
    expect(calls).toEqual([
      { title: 'Shared Person', text: 'Shared Person — Baker & Co', url: `${server.url}/ds/vbc/i/${card.quickId}?s=link` },
    ]);
    await screenshotAtWidths(page, 'share-window-native');
    await page.close();
  });
});
