/**
 * The card editor's photo wall on a touch screen (issue 5, "order by drag"): a swipe across
 * the photos scrolls the page as anywhere else; a finger held still on a photo picks it up and
 * drags it into place. Touches are real Chromium touch input (CDP Input.dispatchTouchEvent).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CDPSession } from 'playwright-core';
import sharp from 'sharp';
import { multipartBody } from '../packages/server/src/test/upload.ts';
import { buildAccount } from '../packages/server/src/test/factories.ts';
import { hasChromium, launchBrowser, startSignedIn, type Browser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One finger: down at `from`, along to `to` in `steps` moves `stepMs` apart (after `holdMs` still), up. */
async function touchDrag(
  cdp: CDPSession,
  from: { x: number; y: number },
  to: { x: number; y: number },
  { holdMs = 0, steps = 10, stepMs = 16 } = {},
) {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  if (holdMs) await pause(holdMs);
  for (let i = 1; i <= steps; i++) {
    const point = { x: from.x + ((to.x - from.x) * i) / steps, y: from.y + ((to.y - from.y) * i) / steps };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
    await pause(stepMs);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

describe.runIf(hasChromium())('the photo wall on a phone', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser({ baseURL: server.url, viewport: { width: 390, height: 700 }, hasTouch: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('scrolls on a swipe across the photos, and reorders on touch-and-hold then drag', async () => {
    const owner = await buildAccount(server.app, { name: 'Tess Touch' });
    const upload = async (background: string) => {
      const data = await sharp({ create: { width: 200, height: 200, channels: 3, background } })
        .png()
        .toBuffer();
      const form = multipartBody({ data, filename: 'photo.png', contentType: 'image/png' });
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/files/display',
        headers: { ...owner.headers, ...form.headers },
        payload: form.payload,
      });
      expect(response.statusCode).toBe(201);
      return response.json<{ obsecuredDisplayItemId: string }>().obsecuredDisplayItemId;
    };
    const ids = [await upload('#d32f2f'), await upload('#388e3c'), await upload('#1976d2')];
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/vbc/virtualcontact',
      headers: owner.headers,
      payload: {
        firstName: 'Tess',
        lastName: 'Touch',
        wall: { boards: [{ title: 'Work', items: ids.map((id) => ({ photo: { obsecuredDisplayItemId: id } })) }] },
      },
    });
    expect(created.statusCode).toBe(201);
    const cardId = created.json<{ id: string }>().id;

    const page = await browser.page();
    await startSignedIn(page, owner);
    await page.goto(`/vbc/edit/${cardId}`);
    const photos = page.getByTestId('wall-photo').locator('img');
    await photos.nth(2).waitFor();
    expect(await photos.count()).toBe(3);
    const order = () => photos.evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')!.split('/').pop()));
    expect(await order()).toEqual(ids);

    // Bring the wall to the middle of the screen.
    await photos.nth(1).evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const cdp = await page.context().newCDPSession(page);
    const scrollY = () => page.evaluate(() => window.scrollY);
    const centre = async (i: number) => {
      const box = (await photos.nth(i).boundingBox())!;
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    };

    // A quick swipe up across a photo scrolls the page and moves nothing.
    const before = await scrollY();
    const start = await centre(1);
    await touchDrag(cdp, start, { x: start.x, y: start.y - 200 });
    await expect.poll(scrollY).toBeGreaterThan(before + 50);
    expect(await order()).toEqual(ids);
    // (Until the fling settles, a new touch only stops it.)
    let settled = -1;
    await expect.poll(async () => settled === (settled = await scrollY())).toBe(true);

    // Touch and hold the second photo, then drag it onto the first: it moves there; the page stays put.
    await photos.nth(1).evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const still = await scrollY();
    await touchDrag(cdp, await centre(1), await centre(0), { holdMs: 600 });
    await expect.poll(order).toEqual([ids[1], ids[0], ids[2]]);
    expect(await scrollY()).toBe(still);
    expect(browser.errors).toEqual([]);
    await cdp.detach();
    await page.close();
  });
});
