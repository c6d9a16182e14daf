/**
 * Where visits come from (issue 29) in a real browser: a visitor arriving by the card's QR link
 * (`s=qr`) is counted under `qr` for the view, the "Contact Download" and a click on one of the
 * card's links (through the counting redirect, the link's address staying the real one); the owner's
 * chart shows the day split by source. The share window's QR downloads (SVG, 1200 px PNG) carry `s=qr`.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { TCardStats } from '../packages/shared/src/owner.ts';
import { buildAccount, buildCard } from '../packages/server/src/test/factories.ts';
import { expectAccessible } from './support/axe.ts';
import { hasChromium, launchBrowser, startSignedIn, type Browser } from './support/browser.ts';
import { screenshotAtWidths } from './support/screenshots.ts';
import { startServer, type RunningServer } from './support/server.ts';

describe.runIf(hasChromium())('visit sources', () => {
  let server: RunningServer;
  let visitor: Browser;
  let ownerBrowser: Browser;
  let owner: Awaited<ReturnType<typeof buildAccount>>;
  let card: Awaited<ReturnType<typeof buildCard>>;
  let target: string;

  /** Today's counts as the owner's stats call answers them, once everything recorded is written. */
  const today = async () => {
    await server.app.cards.stats.flush();
    const response = await fetch(`${server.url}/api/vbc/virtualcontact/${card.id}/stats?days=1`, { headers: owner.headers });
    return ((await response.json()) as TCardStats).days.at(-1)!;
  };

  beforeAll(async () => {
    server = await startServer();
    target = `${server.url}/healthz`;
    owner = await buildAccount(server.app, { name: 'Sofia Source' });
    card = await buildCard(
      server.app,
      {
        firstName: 'Sofia',
        links: [
          { linkUrl: 'mailto:sofia@example.test', linkName: 'Write' },
          { linkUrl: target, linkName: 'Status page' },
        ],
      },
      { ownerAccountId: owner.account.id },
    );
    visitor = await launchBrowser({ baseURL: server.url });
    ownerBrowser = await launchBrowser({ baseURL: server.url });
  });

  afterAll(async () => {
    await visitor?.close();
    await ownerBrowser?.close();
    await server?.close();
  });

  it('a visitor from the QR code is counted under qr: the view, the download and a link click', async () => {
    const page = await visitor.page();
    await page.goto(`/ds/vbc/i/${card.quickId}?s=qr`);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(`/vbc/${card.quickId}?s=qr`);
    await page.getByTestId('contact-name').waitFor();
    await page.waitForLoadState('networkidle');
    await expect.poll(async () => (await today()).bySource.qr?.views).toBe(1);

    // The link shows (and an h-card reads) its real address; followed, it goes through the counting redirect.
    const link = page.getByRole('link', { name: /Status page/ });
    expect(await link.getAttribute('href')).toBe(target);
    const [tab] = await Promise.all([visitor.context.waitForEvent('page'), link.click()]);
    await tab.waitForLoadState();
    expect(tab.url()).toBe(target);
    await tab.close();
    await expect.poll(() => link.getAttribute('href')).toBe(target);
    await expect.poll(async () => (await today()).bySource.qr?.linkClicks).toBe(1);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Contact Download' }).click()]);
    expect(download.url()).toMatch(/[?&]s=qr(&|$)/);
    await download.path();
    expect((await today()).bySource.qr).toEqual({ views: 1, downloads: 1, linkClicks: 1 });
    // Counts only: the visitor got no cookie.
    expect(await visitor.context.cookies()).toEqual([]);
    expect(visitor.errors).toEqual([]);
    await page.close();
  });

  it("the owner's chart splits views, downloads and link clicks by source", async () => {
    // One untagged visit besides, from another visitor (a browser on this machine would be the same one).
    await fetch(`${server.url}/api/vbc/virtualcontact/${card.quickId}/view`, {
      method: 'POST',
      headers: { 'user-agent': 'Another visitor' },
    });
    await expect.poll(async () => (await today()).bySource.direct?.views).toBe(1);

    const page = await ownerBrowser.page();
    await startSignedIn(page, owner);
    await page.goto(`/vbc/edit/${card.id}`);
    const chart = page.getByTestId('stats-chart');
    await chart.scrollIntoViewIfNeeded();
    const sources = chart.getByTestId('stats-sources');
    await expect.poll(() => sources.locator('li').allTextContents()).toEqual(['Direct: 1', 'QR code: 1']);
    expect(await chart.getByRole('img').getAttribute('aria-label')).toBe('Views, last 30 days: 2 (Direct 1, QR code 1)');
    await chart.getByRole('button', { name: 'Link clicks' }).click();
    expect(await sources.locator('li').allTextContents()).toEqual(['QR code: 1']);
    expect(await chart.getByTestId('stats-linkClicks').textContent()).toBe('1');
    await expectAccessible(page, 'the editor with its chart by source');
    await screenshotAtWidths(page, 'editor-stats-by-source');
    expect(ownerBrowser.errors).toEqual([]);
  });

  it('the share window downloads the QR code as SVG and as a 1200 px PNG of the link with s=qr', async () => {
    const page = await visitor.page();
    await page.goto(`/vbc/${card.quickId}`);
    await page.getByRole('button', { name: 'Share' }).first().click();
    const dialog = page.getByTestId('share-dialog');
    const [png] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('link', { name: 'QR as PNG (print)' }).click()]);
    expect(png.suggestedFilename()).toBe(`Sofia ${card.lastName} QR code.png`);
    const image = PNG.sync.read(readFileSync((await png.path())!));
    expect([image.width, image.height]).toEqual([1200, 1200]);
    expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(`${server.url}/ds/vbc/i/${card.quickId}?s=qr`);
    const [svg] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('link', { name: 'QR as SVG' }).click()]);
    expect(svg.suggestedFilename()).toBe(`Sofia ${card.lastName} QR code.svg`);
    expect(readFileSync((await svg.path())!, 'utf8')).toMatch(/^<svg /);
    await expectAccessible(page, 'the share window with its QR downloads');
    expect(visitor.errors).toEqual([]);
    await page.close();
  });
});
