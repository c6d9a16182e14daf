/**
 * The card editor on a phone and a desktop (issue 30, item 8): with unsaved changes the header's
 * title, its save state and its buttons are whole and apart at 390 and 1280 px, and the live
 * preview shows its buttons' labels whole ("Contact Transfer via QR", not "Contact Transfer vi…").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildAccount, buildCard } from '../packages/server/src/test/factories.ts';
import { expectAccessible } from './support/axe.ts';
import { hasChromium, launchBrowser, startSignedIn, type Browser } from './support/browser.ts';
import { boxesOf, cutText, overlapping } from './support/layout.ts';
import { screenshotAtWidths } from './support/screenshots.ts';
import { startServer, type RunningServer } from './support/server.ts';

describe.runIf(hasChromium())('the card editor fits its texts', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    const owner = await buildAccount(server.app, { name: 'Ana Reyes' });
    const card = await buildCard(server.app, { firstName: 'Ana', lastName: 'Reyes' }, { ownerAccountId: owner.account.id });
    browser = await launchBrowser({ baseURL: server.url, viewport: { width: 390, height: 844 } });
    page = await browser.page();
    await startSignedIn(page, owner);
    await page.goto(`/vbc/edit/${card.id}`);
    await page.getByLabel('Job title').fill('Head of Engineering');
    await page.getByText('Unsaved changes').waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const header = () => {
    const bar = page.locator('main > header');
    return {
      back: bar.getByRole('link', { name: 'Back to home' }),
      title: bar.getByRole('heading', { level: 1 }),
      status: page.getByTestId('save-state'),
      preview: bar.getByRole('button', { name: /^(Preview|Edit)$/ }),
      save: page.getByTestId('save-button'),
      menu: page.getByTestId('menu-button'),
    };
  };

  /** The preview's buttons, whole and inside the preview. */
  const expectPreviewButtonsWhole = async (width: number) => {
    const preview = page.getByTestId('live-preview');
    const buttons = preview.getByTestId('contact-actions').locator('a, button');
    await buttons.first().waitFor();
    expect(await buttons.allTextContents()).toEqual(expect.arrayContaining(['Contact Transfer via QR', 'Share']));
    expect(await cutText(buttons), `at ${width} px`).toEqual([]);
  };

  for (const width of [390, 1280]) {
    it(`at ${width} px the header's title, save state and buttons are whole and do not overlap`, async () => {
      await page.setViewportSize({ width, height: 844 });
      const parts = header();
      await parts.title.waitFor();
      expect(await parts.title.textContent()).toBe('Edit card');
      expect(await parts.status.textContent()).toBe('Unsaved changes');
      const boxes = await boxesOf(parts);
      expect(boxes.map((b) => b.name)).toEqual(
        width < 960 ? ['back', 'title', 'status', 'preview', 'save', 'menu'] : ['back', 'title', 'status', 'save', 'menu'],
      );
      expect(overlapping(boxes), `at ${width} px`).toEqual([]);
      expect(await cutText(page.locator('main > header').locator('h1, [data-testid="save-state"], button, a')), `at ${width} px`).toEqual(
        [],
      );
    });
  }

  it('the live preview shows its buttons whole: beside the form at 1280 px, behind "Preview" at 390 px', async () => {
    await page.setViewportSize({ width: 1280, height: 844 });
    await expectPreviewButtonsWhole(1280);
    await screenshotAtWidths(page, 'editor-layout');
    await expectAccessible(page, 'the card editor with unsaved changes');

    await page.setViewportSize({ width: 390, height: 844 });
    await header().preview.click();
    await expectPreviewButtonsWhole(390);
    expect(overlapping(await boxesOf(header())), 'the header in preview mode').toEqual([]);
    await expectAccessible(page, 'the card editor in preview mode on a phone');
    await header().preview.click();
  });
});
