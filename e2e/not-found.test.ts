/**
 * Wrong links (issue 30, item 3): a browser asking for a short link or a card address that leads
 * nowhere gets a designed not-found page with HTTP status 404, a way home and a search; an API
 * client asking for the same short link still gets the JSON error; the app's own "Page not found"
 * screen has a way home too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible } from './support/axe.ts';
import { hasChromium, launchBrowser, type Browser } from './support/browser.ts';
import { screenshotAtWidths } from './support/screenshots.ts';
import { startServer, type RunningServer } from './support/server.ts';

/** Chromium reports the page's own 404 (and the card read's 404) as console errors. */
const realErrors = (errors: string[]) =>
  errors.filter((e) => !/Failed to load resource: the server responded with a status of 404/.test(e));

describe.runIf(hasChromium())('wrong links', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser({ baseURL: server.url, viewport: { width: 390, height: 844 } });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** The way home and the search every not-found page offers. */
  const expectWayHome = async (page: Page) => {
    const home = page.getByRole('link', { name: 'Go to the home page' });
    await home.waitFor();
    expect(new URL((await home.getAttribute('href'))!, server.url).pathname).toMatch(/^\/vbc\/?$/);
    await page.getByRole('searchbox', { name: 'Search cards' }).waitFor();
  };

  it('API clients keep the JSON answer of /ds/vbc/i/{unknown}', async () => {
    for (const accept of ['application/json', undefined, '*/*']) {
      const response = await fetch(`${server.url}/ds/vbc/i/nope`, { headers: accept ? { accept } : {} });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toMatchObject({ code: 'not_found' });
    }
  });

  it('/ds/vbc/i/nope in a browser is a 404 page with a way home and a search', async () => {
    const direct = await fetch(`${server.url}/ds/vbc/i/nope`, { headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(direct.status).toBe(404);
    expect(direct.headers.get('content-type')).toMatch(/^text\/html/);

    const page = await browser.page();
    const response = await page.goto('/ds/vbc/i/nope');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Card not found' }).waitFor();
    await expectWayHome(page);
    await screenshotAtWidths(page, 'not-found-short-link');
    await expectAccessible(page, 'the not-found page of a short link');
    // The search goes to the app's card search with the words typed.
    await page.getByRole('searchbox', { name: 'Search cards' }).fill('Ana Reyes');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((u) => u.pathname === '/vbc/others' && u.searchParams.get('q') === 'Ana Reyes');
    await page.close();
  });

  it('a wrong card address answers 404 and shows a way home, not an "Error" window with "Try again"', async () => {
    const page = await browser.page();
    const response = await page.goto('/vbc/zzzzzzz');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Card not found' }).waitFor();
    await expectWayHome(page);
    // The app has taken the page over and still shows the way home, not an error window.
    await page.getByRole('searchbox', { name: 'Search cards' }).click();
    await page.waitForFunction(() => !!document.querySelector('#root')?.hasChildNodes());
    await expectWayHome(page);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    await screenshotAtWidths(page, 'not-found-card');
    await expectAccessible(page, 'the not-found page of a card address');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL((u) => /^\/vbc\/?$/.test(u.pathname));
    expect(realErrors(browser.errors)).toEqual([]);
    await page.close();
  });

  it('the app\'s "Page not found" screen has a way home', async () => {
    const page = await browser.page();
    await page.goto('/vbc/edit/one/two');
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await expectWayHome(page);
    await screenshotAtWidths(page, 'not-found-app-route');
    await expectAccessible(page, "the app's Page not found screen");
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL((u) => /^\/vbc\/?$/.test(u.pathname));
    await page.close();
  });
});
