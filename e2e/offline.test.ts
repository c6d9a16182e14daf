/**
 * Offline (issue 30, item 5): a card a visitor opened once (only looked at, never touched) opens
 * again without a network in a new tab, from what the service worker kept; the offline banner takes
 * its own space (the menu button stays uncovered and clickable); the message list and an open
 * thread show what was loaded before the network went.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { buildAccount, buildCard } from '../packages/server/src/test/factories.ts';
import { expectAccessible } from './support/axe.ts';
import { hasChromium, launchBrowser, startSignedIn, type Browser } from './support/browser.ts';
import { screenshotAtWidths } from './support/screenshots.ts';
import { startServer, type RunningServer } from './support/server.ts';

/** What the service worker has kept for `path` (a page or an API answer), in any of its caches. */
const kept = (page: Page, path: string) => page.evaluate(async (p) => Boolean(await caches.match(p)), path);

const boxesOverlap = async (a: Locator, b: Locator) => {
  const [x, y] = [(await a.boundingBox())!, (await b.boundingBox())!];
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
};

describe.runIf(hasChromium())('offline', () => {
  let server: RunningServer;
  const browsers: Browser[] = [];
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    for (const b of browsers) await b.close();
    await server?.close();
  });
  const open = async () => {
    const browser = await launchBrowser({ baseURL: server.url, viewport: { width: 390, height: 844 } });
    browsers.push(browser);
    return { browser, page: await browser.page() };
  };

  it('a card opened once (not touched) opens offline in a new tab', async () => {
    const card = await buildCard(server.app, { firstName: 'Odile', lastName: 'Offline' });
    const { browser, page } = await open();
    await page.goto(`/vbc/${card.quickId}`);
    await page.getByRole('heading', { level: 1, name: 'Odile Offline' }).waitFor();
    // The visitor only looks: the service worker keeps the page and what it needs.
    await expect.poll(() => kept(page, `/vbc/${card.quickId}`), { timeout: 20_000 }).toBe(true);

    await browser.context.setOffline(true);
    const tab = await browser.page();
    await tab.goto(`/vbc/${card.quickId}`);
    await tab.getByRole('heading', { level: 1, name: 'Odile Offline' }).waitFor();
    await tab.getByText('Builds things; likes tea.').waitFor();
    await browser.context.setOffline(false);
  });

  it('signed in: the banner takes its own space under which the menu button stays free; the list and a thread show what was loaded', async () => {
    const ana = await buildAccount(server.app, { name: 'Ana Offline' });
    const bruno = await buildAccount(server.app, { name: 'Bruno Online' });
    const anaCard = await buildCard(server.app, { firstName: 'Ana', lastName: 'Offline' }, { ownerAccountId: ana.account.id });
    await buildCard(server.app, { firstName: 'Bruno', lastName: 'Online' }, { ownerAccountId: bruno.account.id });
    const response = await fetch(`${server.url}/api/conversation/initiateConversation`, {
      method: 'POST',
      headers: { ...bruno.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ toVbcId: anaCard.id, message: 'Kept for the train ride' }),
    });
    expect(response.status).toBe(200);
    const { personalConversationId: id } = (await response.json()) as { personalConversationId: string };

    const { browser, page } = await open();
    await startSignedIn(page, ana);
    await page.goto('/vbc/');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.goto('/vbc/messages');
    await page.getByText('Kept for the train ride').first().waitFor();
    await page.goto(`/vbc/messages/${id}`);
    await page.getByTestId('message').filter({ hasText: 'Kept for the train ride' }).waitFor();
    await expect.poll(() => kept(page, `/api/conversation/${id}`), { timeout: 10_000 }).toBe(true);

    await browser.context.setOffline(true);
    await page.goto('/vbc/messages');
    const banner = page.getByTestId('offline-banner');
    await banner.waitFor();
    await page.getByText('Kept for the train ride').first().waitFor();
    const menu = page.getByTestId('menu-button');
    expect(await boxesOverlap(banner, menu)).toBe(false);
    await menu.click({ timeout: 5000 });
    await page.keyboard.press('Escape');
    await screenshotAtWidths(page, 'offline-message-list');
    await expectAccessible(page, 'the message list offline');

    await page.goto(`/vbc/messages/${id}`);
    await page.getByTestId('message').filter({ hasText: 'Kept for the train ride' }).waitFor();
    await banner.waitFor();
    expect(await boxesOverlap(banner, menu)).toBe(false);
    await screenshotAtWidths(page, 'offline-thread');
    await browser.context.setOffline(false);
    await banner.waitFor({ state: 'detached' });
  });
});
