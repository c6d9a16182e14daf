/**
 * The push question (issue 30, item 2): "Would you like to be notified when you received a
 * message?" (docs/contracts.md §4, kept word for word) never covers the message composer or the
 * bottom navigation, and follows the dark theme (no white bar in a dark app).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { buildAccount, buildCard } from '../packages/server/src/test/factories.ts';
import { expectAccessible } from './support/axe.ts';
import { hasChromium, launchBrowser, startSignedIn, type Browser } from './support/browser.ts';
import { screenshotAtWidths } from './support/screenshots.ts';
import { startServer, type RunningServer } from './support/server.ts';

const ASK = 'Would you like to be notified when you received a message?';

/** The element at the centre of `target` is `target` itself or inside it: nothing lies over it. */
const isOnTop = (target: Locator) =>
  target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return !!hit && (hit === el || el.contains(hit));
  });

/** Relative luminance (0 black … 1 white) of an element's computed background colour. */
const backgroundLuminance = (target: Locator) =>
  target.evaluate((el) => {
    const [r, g, b] = (getComputedStyle(el).backgroundColor.match(/[\d.]+/g) ?? ['255', '255', '255']).map(Number);
    const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
  });

describe.runIf(hasChromium())('the push question', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('at 390 px, while the question shows, Send and the bottom navigation stay clickable; the bar is dark', async () => {
    const ana = await buildAccount(server.app, { name: 'Ana Asked' });
    const bruno = await buildAccount(server.app, { name: 'Bruno Sender' });
    const anaCard = await buildCard(server.app, { firstName: 'Ana', lastName: 'Asked' }, { ownerAccountId: ana.account.id });
    const brunoCard = await buildCard(server.app, { firstName: 'Bruno', lastName: 'Sender' }, { ownerAccountId: bruno.account.id });
    const send = async (message: string) => {
      const response = await fetch(`${server.url}/api/conversation/initiateConversation`, {
        method: 'POST',
        headers: { ...bruno.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ toVbcId: anaCard.id, fromVbcId: brunoCard.id, message }),
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { personalConversationId: string }).personalConversationId;
    };
    const conversationId = await send('First hello');

    browser = await launchBrowser({ baseURL: server.url, viewport: { width: 390, height: 844 } });
    const page: Page = await browser.page();
    await startSignedIn(page, ana);
    await page.goto(`/vbc/messages/${conversationId}`);
    await page.getByTestId('message').filter({ hasText: 'First hello' }).waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.realtime === 'Connected');
    expect(await page.evaluate(() => Notification.permission)).toBe('default');

    await send('Are you there?');
    const ask = page.getByTestId('push-ask');
    await ask.getByText(ASK).waitFor();
    await page.getByTestId('message').filter({ hasText: 'Are you there?' }).waitFor();

    // Follows the theme: a dark surface, not a white bar.
    expect(await backgroundLuminance(ask)).toBeLessThan(0.2);
    await screenshotAtWidths(page, 'push-question-thread');
    await expectAccessible(page, 'a conversation with the push question');

    // Nothing lies over the composer or the bottom navigation.
    const input = page.getByTestId('composer-input');
    await input.fill('Yes, here!');
    const sendButton = page.getByRole('button', { name: 'Send' });
    expect(await isOnTop(sendButton)).toBe(true);
    const nav = page.locator('nav[aria-label="Main"]');
    for (const link of await nav.getByRole('link').all()) expect(await isOnTop(link)).toBe(true);
    await sendButton.click({ timeout: 5000 });
    await page.getByTestId('message').filter({ hasText: 'Yes, here!' }).waitFor();
    // Still asked (persistent) until answered.
    expect(await ask.isVisible()).toBe(true);
    await ask.getByRole('button', { name: 'No' }).click();
    await ask.waitFor({ state: 'detached' });
  });
});
