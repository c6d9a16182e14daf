/**
 * A card's view count (issue 30, item 10) in a real browser: a view is counted once per visitor per
 * day and never the owner's, recognised by their session; nothing about the visitor is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildAccount, buildCard } from '../packages/server/src/test/factories.ts';
import { hasChromium, launchBrowser, startSignedIn, type Browser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

describe.runIf(hasChromium())('card views', () => {
  let server: RunningServer;
  let visitor: Browser;
  let ownerBrowser: Browser;
  let owner: Awaited<ReturnType<typeof buildAccount>>;
  let card: Awaited<ReturnType<typeof buildCard>>;

  /** The count the owner's stats show once every view recorded so far is written. */
  const views = async () => {
    await server.app.cards.stats.flush();
    const response = await fetch(`${server.url}/api/vbc/virtualcontact/${card.id}`, { headers: owner.headers });
    return ((await response.json()) as { stats: { viewCount: number } }).stats.viewCount;
  };
  /** Opens (or reloads) the card and waits until the page has made every call it makes. */
  const show = async (page: Page, reload = false) => {
    if (reload) await page.reload();
    else await page.goto(`/vbc/${card.quickId}`);
    await page.getByTestId('contact-name').waitFor();
    await page.waitForLoadState('networkidle');
  };

  beforeAll(async () => {
    server = await startServer();
    owner = await buildAccount(server.app, { name: 'Olga Owner' });
    card = await buildCard(server.app, { firstName: 'Olga' }, { ownerAccountId: owner.account.id });
    visitor = await launchBrowser({ baseURL: server.url });
    ownerBrowser = await launchBrowser({ baseURL: server.url });
  });

  afterAll(async () => {
    await visitor?.close();
    await ownerBrowser?.close();
    await server?.close();
  });

  it("the owner's own visits and reloads do not change the view count", async () => {
    const page = await ownerBrowser.page();
    await startSignedIn(page, owner);
    const before = await views();
    await show(page);
    await show(page, true);
    await show(page, true);
    expect(await views()).toBe(before);
    await page.close();
  });

  it("a visitor's first view counts once; a second view the same day does not", async () => {
    const before = await views();
    const page = await visitor.page();
    await show(page);
    await expect.poll(views).toBe(before + 1);
    await show(page, true);
    const other = await visitor.page();
    await show(other);
    expect(await views()).toBe(before + 1);
    // The server keeps no address, browser or cookie per view: the visitor got no cookie from it.
    expect(await visitor.context.cookies()).toEqual([]);
    await page.close();
    await other.close();
  });
});
