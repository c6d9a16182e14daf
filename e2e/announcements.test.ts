/**
 * Announcements in the browser (issue 11): the operator announces → a signed-in person sees the
 * tab's unread badge without reloading, opens the window (docs/contracts.md §2: max width 500, header image
 * max height 150, 'From …', 'Last Updated At: …', attachments), which marks it read; script,
 * event-handler and javascript: payloads in the markdown run nothing.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildAccount } from '../packages/server/src/test/factories.ts';
import { makePicture, multipartBody } from '../packages/server/src/test/upload.ts';
import { hasChromium, launchBrowser, startSignedIn, type Browser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

const ADMIN_TOKEN = randomBytes(24).toString('hex');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

describe.runIf(hasChromium())('announcements', () => {
  let server: RunningServer;
  const browsers: Browser[] = [];
  beforeAll(async () => {
    server = await startServer({ ADMIN_TOKEN });
  });
  afterAll(async () => {
    for (const b of browsers) await b.close();
    await server?.close();
  });

  const adminUpload = async (route: string, file: { data: Buffer; filename: string; contentType: string }) => {
    const form = multipartBody(file);
    const res = await server.app.inject({
      method: 'POST',
      url: route,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const badge = (page: Page) => page.locator('nav[aria-label="Main"]').getByTestId('announcements-badge');

  it('the operator announces; the badge appears without reloading; opening the window shows it and marks it read; payloads run nothing', async () => {
    const person = await buildAccount(server.app, { name: 'Rita Reader' });
    const browser = await launchBrowser({ baseURL: server.url, viewport: { width: 420, height: 860 } });
    browsers.push(browser);
    const page = await browser.page();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await startSignedIn(page, person);
    await page.goto('/vbc/announcements');
    await page.waitForFunction(() => document.documentElement.dataset.realtime === 'Connected');
    await expect.poll(() => page.getByText('News from V.B.C. and the businesses you follow will appear here.').isVisible()).toBe(true);
    expect(await badge(page).count()).toBe(0);

    const image = await adminUpload('/api/admin/files/display', {
      data: await makePicture('png', 800, 600),
      filename: 'header.png',
      contentType: 'image/png',
    });
    const pdf = await adminUpload('/api/admin/files/document', { data: PDF, filename: 'schedule.pdf', contentType: 'application/pdf' });
    const content = [
      '## Opening hours',
      'We open **early**.',
      '<script>window.__xss = "script"</script>',
      '<img src="x" onerror="window.__xss = \'onerror\'">',
      '[Click me](javascript:window.__xss="link")',
    ].join('\n\n');
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/admin/announcements',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: { title: 'New opening hours', content, imageId: image.displayItemId, attachments: [pdf.documentFileItemId] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { announcementId } = res.json();

    // Live: the hub's AnnouncementPublished refetches the list and the badge, no reload.
    await expect.poll(() => badge(page).textContent(), { timeout: 15_000 }).toBe('1');
    const row = page.getByTestId('announcement-row').filter({ hasText: 'New opening hours' });
    await expect.poll(() => row.isVisible()).toBe(true);
    expect(await row.getAttribute('data-unread')).toBe('true');
    expect(await row.textContent()).toContain('From V.B.C.');

    await row.click();
    await page.waitForURL(`**/vbc/announcement/${announcementId}`);
    const dialog = page.getByTestId('announcement-dialog');
    await expect.poll(() => dialog.getByText('We open').isVisible()).toBe(true);
    expect(await dialog.getByRole('heading', { name: 'New opening hours' }).isVisible()).toBe(true);
    expect(await dialog.getByTestId('announcement-from').textContent()).toBe('From V.B.C.');
    expect(await dialog.getByTestId('announcement-updated').textContent()).toMatch(/^Last Updated At: \S/);
    expect((await dialog.boundingBox())!.width).toBeLessThanOrEqual(500);
    const img = dialog.getByTestId('announcement-image');
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    expect((await img.boundingBox())!.height).toBeLessThanOrEqual(150);
    const attachment = dialog.getByTestId('announcement-attachment');
    expect(await attachment.textContent()).toBe('schedule.pdf');
    expect(await attachment.getAttribute('href')).toBe(`/ds/vbc/file/${pdf.documentFileItemId}`);
    expect(await dialog.locator('[data-kind="other"]').count()).toBe(1);

    // Sanitized: no script element, no handler attribute, the javascript: link is inert.
    expect(await dialog.locator('script').count()).toBe(0);
    expect(await dialog.locator('[onerror]').count()).toBe(0);
    const link = dialog.getByText('Click me');
    if (await link.count()) {
      expect((await link.getAttribute('href')) ?? '').not.toMatch(/^javascript:/i);
      await link.click({ modifiers: [] }).catch(() => undefined);
    }
    expect(await page.evaluate(() => (window as { __xss?: string }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);

    // Opened → read: the badge goes; after closing, the row is no longer unread.
    await expect.poll(() => badge(page).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL('**/vbc/announcements');
    await expect.poll(() => row.getAttribute('data-unread')).toBe('false');
    // A deep link opens the window directly.
    await page.goto(`/vbc/announcement/${announcementId}`);
    await expect.poll(() => page.getByTestId('announcement-dialog').getByText('We open').isVisible()).toBe(true);
  });

  it('the signed-in menu: Settings, Scan and Logout; the menu button leaves the screen header uncovered', async () => {
    const person = await buildAccount(server.app, { name: 'Mona Menu' });
    const browser = await launchBrowser({ baseURL: server.url, viewport: { width: 420, height: 860 } });
    browsers.push(browser);
    const page = await browser.page();
    await startSignedIn(page, person);
    await server.app.inject({
      method: 'POST',
      url: '/api/admin/announcements',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: { title: 'Hello Mona' },
    });
    await page.goto('/vbc/announcements');
    const heading = page.getByRole('heading', { name: 'Announcements', level: 1 });
    await expect.poll(() => heading.isVisible()).toBe(true);
    const button = page.getByTestId('menu-button');
    const [h, b] = [(await heading.boundingBox())!, (await button.boundingBox())!];
    const textRight = await heading.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return range.getBoundingClientRect().right;
    });
    expect(textRight <= b.x || h.y + h.height <= b.y || b.y + b.height <= h.y).toBe(true);

    // Until the stored session is confirmed the button is 'Sign in' and opens the sign-in window.
    await expect.poll(() => button.getAttribute('aria-label'), { timeout: 15_000 }).toBe('Menu');
    // A click the page is not ready for yet opens nothing: click (briefly) until the menu is open.
    const menu = page.getByTestId('app-menu');
    await expect
      .poll(
        async () => {
          if (!(await menu.isVisible())) await button.click({ timeout: 2_000 }).catch(() => undefined);
          return menu.isVisible();
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    await menu.getByRole('menuitem', { name: 'Settings' }).click();
    await page.waitForURL('**/vbc/settings');
    await button.click();
    await expect.poll(() => menu.isVisible()).toBe(true);
    await menu.getByRole('menuitem', { name: 'Scan' }).click();
    await expect.poll(() => page.getByTestId('scanner-dialog').isVisible()).toBe(true);
    await page.getByTestId('scanner-dialog').getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByTestId('scanner-dialog').count()).toBe(0);
    await button.click();
    await expect.poll(() => menu.isVisible()).toBe(true);
    // Logout reloads the page once the session is cleared (AppMenu): reading storage before that
    // load raced the navigation ("Execution context was destroyed").
    const reloaded = page.waitForEvent('load');
    await menu.getByRole('menuitem', { name: 'Logout' }).click();
    await reloaded;
    await expect.poll(() => page.getByTestId('menu-button').getAttribute('aria-label'), { timeout: 15_000 }).toBe('Sign in');
    expect(await page.evaluate(() => localStorage.getItem('vbc.accessToken'))).toBeNull();
  });
});
