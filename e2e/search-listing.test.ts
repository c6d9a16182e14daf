/**
 * "Listed in search engines" (issue 29) in a real browser: the owner switches it off in the card
 * editor and saves; the card's page then asks search engines not to index it (meta robots and
 * X-Robots-Tag), while its identity (JSON-LD, h-card) stays for whoever has the link.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, buildCard } from '../packages/server/src/test/factories.ts';
import { expectAccessible } from './support/axe.ts';
import { hasChromium, launchBrowser, startSignedIn, type Browser } from './support/browser.ts';
import { screenshotAtWidths } from './support/screenshots.ts';
import { startServer, type RunningServer } from './support/server.ts';

describe.skipIf(!hasChromium())('Listed in search engines', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser({ baseURL: server.url });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('switched off in the editor, the card page says noindex; on, it does not', async () => {
    const owner = await buildAccount(server.app, { name: 'Nora Index' });
    const card = await buildCard(server.app, { firstName: 'Nora', lastName: 'Index' }, { ownerAccountId: owner.account.id });
    const robots = async () => {
      const response = await fetch(`${server.url}/vbc/${card.quickId}`);
      const html = await response.text();
      return { header: response.headers.get('x-robots-tag'), meta: /<meta name="robots" content="noindex">/.test(html), html };
    };
    expect(await robots()).toMatchObject({ header: null, meta: false });

    const page = await browser.page();
    await startSignedIn(page, owner);
    await page.goto(`/vbc/edit/${card.id}`);
    const toggle = page.getByRole('switch', { name: 'Listed in search engines' });
    expect(await toggle.isChecked()).toBe(true);
    await toggle.uncheck();
    await page.getByTestId('save-button').click();
    await expect.poll(() => page.getByTestId('save-state').textContent()).toBe('Saved');
    await toggle.scrollIntoViewIfNeeded();
    await screenshotAtWidths(page, 'editor-search-listing');
    await expectAccessible(page, 'card editor with the search listing switch');

    const unlisted = await robots();
    expect(unlisted).toMatchObject({ header: 'noindex', meta: true });
    expect(unlisted.html).toContain('<script type="application/ld+json">');
    expect(unlisted.html).toContain('class="h-card');

    await page.reload();
    expect(await page.getByRole('switch', { name: 'Listed in search engines' }).isChecked()).toBe(false);
    await page.getByRole('switch', { name: 'Listed in search engines' }).check();
    await page.getByTestId('save-button').click();
    await expect.poll(() => page.getByTestId('save-state').textContent()).toBe('Saved');
    expect(await robots()).toMatchObject({ header: null, meta: false });
    expect(browser.errors).toEqual([]);
    await page.close();
  });
});
