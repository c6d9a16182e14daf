/**
 * Long and mixed text on a card (issue 30, item 6) in a real browser: an unbroken 300-character
 * word or URL keeps every layout as wide as the screen, the artist layout's doubled name wraps at
 * word boundaries instead of filling the first screen, and user text carries `dir="auto"` so a
 * right-to-left biography puts its punctuation on the right side — in the server-rendered page
 * and in the app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildCard } from '../packages/server/src/test/factories.ts';
import { expectAccessible } from './support/axe.ts';
import { hasChromium, launchBrowser, type Browser } from './support/browser.ts';
import { screenshotAtWidths } from './support/screenshots.ts';
import { startServer, type RunningServer } from './support/server.ts';

const LAYOUTS = ['default', 'simple', 'artist', 'facebook'] as const;
const LONG_WORD = 'Supercalifragilistic'.repeat(15); // 300 characters, no break opportunity
const LONG_URL = `https://example.org/${'a1b2c3d4e5'.repeat(28)}`; // 300 characters
const ARABIC_BIO = 'مرحبا! أنا مصممة.';
const LONG_NAME = { firstName: 'Maximiliana', lastName: 'Wolfeschlegelsteinhausen' };

/** Where the page is wider than the window: the document, and any element of the card past its right edge. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const past = Array.from(document.querySelectorAll('article *'))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.right > width + 0.5 && !el.closest('[aria-hidden="true"]');
      })
      .map((el) => `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''}`);
    return { scrollWidth: document.documentElement.scrollWidth, width, past: [...new Set(past)].slice(0, 5) };
  });
}

describe.runIf(hasChromium())('long and mixed text on a card', () => {
  let server: RunningServer;
  let browser: Browser;
  const quickIds = new Map<string, string>();
  let artistLongName = '';
  let rtlQuickId = '';

  beforeAll(async () => {
    server = await startServer();
    for (const designation of LAYOUTS) {
      const card = await buildCard(server.app, {
        biography: `Look: ${LONG_WORD} and ${LONG_URL}`,
        jobTitle: LONG_WORD.slice(0, 150),
        organization: LONG_WORD.slice(0, 150),
        markdownDescriptions: [`A long one: ${LONG_WORD} ${LONG_URL}`],
        links: [{ linkUrl: LONG_URL, linkName: '' }],
        emails: [{ email: `${LONG_WORD.slice(0, 64).toLowerCase()}@example.test`, name: '' }],
        designSpecification: { design: { designation }, theme: { designation: 'dark' } },
      });
      quickIds.set(designation, card.quickId);
    }
    artistLongName = (
      await buildCard(server.app, {
        ...LONG_NAME,
        designSpecification: { design: { designation: 'artist' }, theme: { designation: 'dark' } },
      })
    ).quickId;
    rtlQuickId = (await buildCard(server.app, { firstName: 'سارة', lastName: 'أحمد', biography: ARABIC_BIO, jobTitle: 'مصممة' })).quickId;
    browser = await launchBrowser({ baseURL: server.url });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('a 300-character word or URL keeps every layout as wide as the screen at 390 and 320 px', async () => {
    const page = await browser.page();
    for (const designation of LAYOUTS) {
      for (const width of [390, 320]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`/vbc/${quickIds.get(designation)}`);
        await page.getByTestId('biography').waitFor();
        const seen = await overflow(page);
        expect({ designation, ...seen }).toEqual({ designation, scrollWidth: width, width, past: [] });
      }
      // Once the app has taken over (hydrated), too.
      await page.getByTestId('biography').click();
      await page.getByTestId('markdown').waitFor();
      expect((await overflow(page)).past).toEqual([]);
      await screenshotAtWidths(page, `long-text-${designation}`);
      await expectAccessible(page, `the ${designation} layout with long words`);
    }
    await page.close();
  });

  it('the artist layout wraps a long name at word boundaries and keeps the first screen for the card', async () => {
    const page = await browser.page();
    for (const width of [320, 390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/vbc/${artistLongName}`);
      const background = page.getByTestId('artist-name-background');
      await background.waitFor();
      const shape = await background.evaluate((el) => {
        const text = el.firstChild as Text;
        const value = text.data;
        // Each word's boxes: a word broken mid-word spreads over more than one line.
        const linesPerWord: number[] = [];
        let at = 0;
        for (const word of value.split(' ')) {
          const start = value.indexOf(word, at);
          at = start + word.length;
          const range = document.createRange();
          range.setStart(text, start);
          range.setEnd(text, at);
          linesPerWord.push(new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size);
        }
        return { linesPerWord, height: el.getBoundingClientRect().height, right: el.getBoundingClientRect().right };
      });
      expect(shape.linesPerWord, `at ${width} px`).toEqual([1, 1]);
      // The outline is a backdrop: at most a quarter of the first screen, never past the edge.
      expect(shape.height, `at ${width} px`).toBeLessThanOrEqual(800 / 4);
      expect(shape.right).toBeLessThanOrEqual(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    }
    await page.setViewportSize({ width: 390, height: 800 });
    await screenshotAtWidths(page, 'long-text-artist-name');
    await expectAccessible(page, 'the artist layout with a long name');
    await page.close();
  });

  it('user text carries dir="auto", in the server-rendered page and in the app', async () => {
    const html = await (await fetch(`${server.url}/vbc/${rtlQuickId}`)).text();
    for (const testId of ['contact-name', 'job-title', 'organization', 'biography']) {
      expect(html, testId).toMatch(new RegExp(`<[^>]*data-testid="${testId}"[^>]*dir="auto"|<[^>]*dir="auto"[^>]*data-testid="${testId}"`));
    }
    const page = await browser.page();
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(`/vbc/${rtlQuickId}`);
    const bio = page.getByTestId('biography');
    await bio.waitFor();
    await bio.click(); // the app takes over
    expect(await bio.getAttribute('dir')).toBe('auto');
    // The browser resolves the paragraph right-to-left: its "!" sits at the right end of the first word.
    expect(await bio.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    // …and starts at the right, like any right-to-left paragraph.
    const [bioBox, sectionBox] = await Promise.all([
      bio.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return range.getBoundingClientRect().right;
      }),
      bio.evaluate((el) => el.getBoundingClientRect().right),
    ]);
    expect(sectionBox - bioBox).toBeLessThan(2);
    expect(await page.getByTestId('contact-name').evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    await screenshotAtWidths(page, 'long-text-rtl');
    await expectAccessible(page, 'a right-to-left card');
    await page.close();
  });
});
