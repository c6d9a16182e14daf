/**
 * Polish of the first hour (issue 30, item 10, the parts not done on first-hour-b): the card's
 * buttons are set in the theme's font, not the browser's default for buttons (Arial); the floating
 * save-to-folder and chat buttons leave every row of a card reachable; at 320 px the bottom tabs'
 * labels keep apart from each other and from the screen's edges.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildAccount, buildCard } from '../packages/server/src/test/factories.ts';
import { expectAccessible } from './support/axe.ts';
import { hasChromium, launchBrowser, startSignedIn, type Browser } from './support/browser.ts';
import { cutText } from './support/layout.ts';
import { SCREENSHOT_DIR, screenshotAtWidths } from './support/screenshots.ts';
import { startServer, type RunningServer } from './support/server.ts';

const LAYOUTS = ['default', 'simple', 'artist', 'facebook'] as const;

/** Where a press on each row of the card lands, once the row is scrolled as far into view as the page allows. */
async function unreachableRows(page: Page) {
  return page.evaluate(() => {
    const rows = Array.from(document.querySelectorAll<HTMLElement>('article li > a, article li > div, [data-testid="stats"]'));
    const missed: string[] = [];
    for (const row of rows) {
      row.scrollIntoView({ block: 'center' });
      const box = row.getBoundingClientRect();
      // The row's start (its icon, where the save-to-folder button floats), its middle and its end (the chat button's side).
      for (const x of [box.left + 24, box.left + box.width / 2, box.right - 24]) {
        const y = box.top + box.height / 2;
        const hit = document.elementFromPoint(x, y);
        if (!hit || !row.contains(hit)) {
          const by = hit?.closest('[data-testid]')?.getAttribute('data-testid') ?? hit?.tagName.toLowerCase() ?? 'nothing';
          missed.push(`"${(row.textContent ?? '').trim().slice(0, 30)}" at x=${Math.round(x)} is under ${by}`);
        }
      }
    }
    return missed;
  });
}

describe.runIf(hasChromium())('first-hour polish', () => {
  let server: RunningServer;
  let browser: Browser;
  let visitor: Awaited<ReturnType<typeof buildAccount>>;
  const quickIds = new Map<string, string>();

  beforeAll(async () => {
    server = await startServer();
    const owner = await buildAccount(server.app, { name: 'Olga Owner' });
    visitor = await buildAccount(server.app, { name: 'Vic Visitor' });
    for (const designation of LAYOUTS) {
      const card = await buildCard(
        server.app,
        {
          firstName: 'Olga',
          lastName: 'Owner',
          designSpecification: { design: { designation }, theme: { designation: 'dark' } },
          phones: [
            { phoneNumber: '0917 555 0101', type: 'Mobile' },
            { phoneNumber: '0917 555 0102', type: 'Work' },
          ],
        },
        { ownerAccountId: owner.account.id },
      );
      quickIds.set(designation, card.quickId);
    }
    browser = await launchBrowser({ baseURL: server.url, viewport: { width: 390, height: 844 } });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('"Contact Download", "Contact Transfer via QR" and "Share" are set in the theme\'s font', async () => {
    const page = await browser.page();
    await page.goto(`/vbc/${quickIds.get('simple')}`);
    const actions = page.getByTestId('contact-actions');
    await actions.waitFor();
    for (const hydrated of [false, true]) {
      if (hydrated) {
        await page.getByTestId('contact-name').click(); // the app takes over
        await page.getByTestId('markdown').waitFor();
      }
      const fonts = await actions.locator('a, button').evaluateAll((buttons) => ({
        theme: getComputedStyle(document.body).fontFamily,
        buttons: buttons.map((b) => `${(b.textContent ?? '').trim()}: ${getComputedStyle(b).fontFamily}`),
      }));
      expect(fonts.theme).toMatch(/^system-ui/);
      expect(fonts.buttons).toEqual(
        ['Contact Download', 'Contact Transfer via QR', 'Share', 'Exchange Contact'].map((label) => `${label}: ${fonts.theme}`),
      );
    }
    await screenshotAtWidths(page, 'polish-card-buttons');
    await expectAccessible(page, 'a card');
    await page.close();
  });

  it('a signed-in visitor reaches every row of a card past the floating buttons, in every layout', async () => {
    const page = await browser.page();
    await startSignedIn(page, visitor);
    for (const designation of LAYOUTS) {
      await page.goto(`/vbc/${quickIds.get(designation)}`);
      await page.getByTestId('save-to-folder').waitFor();
      await page.getByTestId('chat-fab').waitFor();
      await page.getByTestId('stats').waitFor();
      expect(await unreachableRows(page), designation).toEqual([]);
    }
    await screenshotAtWidths(page, 'polish-floating-buttons');
    await expectAccessible(page, 'a card with the floating buttons');
    await page.close();
  });

  it("at 320 px the bottom tabs' labels keep 4 px from each other and from the edges, and are whole", async () => {
    const page = await browser.page();
    await startSignedIn(page, visitor);
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto('/vbc/others');
    const labels = page.getByRole('navigation', { name: 'Main' }).getByTestId('nav-label');
    await expect.poll(() => labels.count()).toBe(5);
    expect(await cutText(labels)).toEqual([]);
    const boxes = await labels.evaluateAll((all) =>
      all.map((el) => {
        // The text's own box (the label element may be wider than its words).
        const range = document.createRange();
        range.selectNodeContents(el);
        const r = range.getBoundingClientRect();
        return { text: el.textContent ?? '', left: r.left, right: r.right };
      }),
    );
    const gaps = [
      { between: 'edge and ' + boxes[0]!.text, gap: boxes[0]!.left },
      ...boxes.slice(1).map((b, i) => ({ between: `${boxes[i]!.text} and ${b.text}`, gap: b.left - boxes[i]!.right })),
      { between: boxes.at(-1)!.text + ' and edge', gap: 320 - boxes.at(-1)!.right },
    ];
    expect(gaps.filter((g) => g.gap < 4).map((g) => `${g.between}: ${g.gap.toFixed(1)} px`)).toEqual([]);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'polish-bottom-nav-320.png') });
    await screenshotAtWidths(page, 'polish-bottom-nav');
    await expectAccessible(page, 'the Others screen with the bottom navigation');
    await page.close();
  });
});
