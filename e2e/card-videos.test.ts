/**
 * Videos on the public card (issue 30, item 1): every layout shows a card's `videos[]`, rendered on
 * the server and kept by the app. A YouTube or Vimeo link is a designed poster, and nothing leaves
 * 127.0.0.1 until the visitor presses it (no thumbnail from i.ytimg.com); the press loads the
 * privacy-friendly player (youtube-nocookie.com, player.vimeo.com). Any other address is a link.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Request } from 'playwright-core';
import { buildCard } from '../packages/server/src/test/factories.ts';
import { expectAccessible } from './support/axe.ts';
import { hasChromium, launchBrowser, type Browser } from './support/browser.ts';
import { screenshotAtWidths } from './support/screenshots.ts';
import { startServer, type RunningServer } from './support/server.ts';

const LAYOUTS = ['default', 'simple', 'artist', 'facebook'] as const;
const VIDEOS = [
  { videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', title: 'My keynote' },
  { videoUrl: 'https://vimeo.com/76979871', title: 'Studio reel' },
  { videoUrl: 'https://media.example.org/clip.mp4', title: 'Raw clip' },
];

describe.runIf(hasChromium())('videos on the card', () => {
  let server: RunningServer;
  const browsers: Browser[] = [];
  const quickIds: Record<string, string> = {};

  beforeAll(async () => {
    server = await startServer();
    for (const designation of LAYOUTS) {
      const card = await buildCard(server.app, {
        firstName: 'Vida',
        lastName: designation,
        videos: VIDEOS,
        designSpecification: { design: { designation }, theme: { designation: 'dark' } },
      });
      quickIds[designation] = card.quickId;
    }
  });
  afterAll(async () => {
    for (const b of browsers) await b.close();
    await server?.close();
  });

  /** A visitor's tab that records every request and answers any leaving 127.0.0.1 with a stub player. */
  const visitor = async () => {
    const browser = await launchBrowser({ baseURL: server.url, viewport: { width: 390, height: 844 } });
    browsers.push(browser);
    const outside: string[] = [];
    const isOutside = (r: Request) => new URL(r.url()).hostname !== '127.0.0.1';
    browser.context.on('request', (r) => {
      if (isOutside(r)) outside.push(r.url());
    });
    await browser.context.route(
      (u) => u.hostname !== '127.0.0.1',
      (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
    );
    return { browser, page: await browser.page(), outside };
  };

  it.each(LAYOUTS)(
    '%s layout: posters with no outside request until pressed, then the nocookie player; other addresses are links',
    async (designation) => {
      const quickId = quickIds[designation]!;
      // Rendered on the server: the posters and the link are in the page's HTML.
      const html = await (await fetch(`${server.url}/vbc/${quickId}`, { headers: { accept: 'text/html' } })).text();
      expect(html).toContain('My keynote');
      expect(html).toContain('Studio reel');
      expect(html).toContain('https://media.example.org/clip.mp4');

      const { browser, page, outside } = await visitor();
      await page.goto(`/vbc/${quickId}`);
      const keynote = page.getByRole('button', { name: 'Play video: My keynote' });
      await keynote.waitFor();
      await page.getByRole('button', { name: 'Play video: Studio reel' }).waitFor();
      const clip = page.getByRole('link', { name: /Raw clip/ });
      expect(await clip.getAttribute('href')).toBe('https://media.example.org/clip.mp4');
      expect(await page.locator('iframe').count()).toBe(0);
      if (designation === 'simple') {
        await expectAccessible(page, 'a card with videos');
        await screenshotAtWidths(page, 'card-videos-posters');
      }
      expect(outside).toEqual([]);

      // The press starts the app (the page was server-rendered) and loads the player in place.
      await keynote.click();
      const player = page.locator('iframe[title="My keynote"]');
      await player.waitFor();
      expect(await player.getAttribute('src')).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ\?/);
      expect(outside.some((u) => /^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ/.test(u))).toBe(true);
      expect(outside.filter((u) => !u.startsWith('https://www.youtube-nocookie.com/'))).toEqual([]);

      await page.getByRole('button', { name: 'Play video: Studio reel' }).click();
      const vimeo = page.locator('iframe[title="Studio reel"]');
      await vimeo.waitFor();
      expect(await vimeo.getAttribute('src')).toMatch(/^https:\/\/player\.vimeo\.com\/video\/76979871\?/);
      if (designation === 'simple') await screenshotAtWidths(page, 'card-videos-playing');
      expect(outside.some((u) => u.includes('ytimg.com'))).toBe(false);
      expect(browser.errors).toEqual([]);
    },
  );
});
