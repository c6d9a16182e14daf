/**
 * A scanner without a camera (issue 30): "Choose a photo of a QR code" reads a chosen image file
 * with the same decoder the camera scanner uses, and "Type the card's code" opens a card by its
 * quick id; an unknown code says so. The browser here has no camera (and no permission for one).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { renderQrPng } from '../packages/server/src/qr/index.ts';
import { buildAccount, buildCard } from '../packages/server/src/test/factories.ts';
import { catalogue, message } from './support/catalogue.ts';
import { expectAccessible } from './support/axe.ts';
import { hasChromium, launchBrowser, startSignedIn, type Browser } from './support/browser.ts';
import { screenshotAtWidths } from './support/screenshots.ts';

/** The scanner's English words (docs/contracts.md §8), as the app's catalogue has them. */
const SCANNER_WORDS = catalogue('en', 'app');
import { startServer, type RunningServer } from './support/server.ts';

describe.runIf(hasChromium())('the scanner without a camera', () => {
  let server: RunningServer;
  let browser: Browser;
  let dir: string;
  let owner: Awaited<ReturnType<typeof buildAccount>>;
  let card: Awaited<ReturnType<typeof buildCard>>;

  beforeAll(async () => {
    server = await startServer();
    owner = await buildAccount(server.app);
    card = await buildCard(server.app, { firstName: 'Photo', lastName: 'Scanned' });
    dir = mkdtempSync(path.join(tmpdir(), 'vbc-scan-photo-'));
    writeFileSync(path.join(dir, 'card-qr.png'), await renderQrPng(`${server.url}/ds/vbc/i/${card.quickId}`, 400));
    browser = await launchBrowser({ baseURL: server.url });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** The scanner closed and the card opened in the app. */
  const expectCardOpened = async (page: Page) => {
    await page.waitForURL(`**/vbc/${card.quickId}`);
    await page
      .getByRole('heading', { name: /Photo Scanned/ })
      .first()
      .waitFor();
    expect(await page.getByTestId('scanner-dialog').count()).toBe(0);
  };

  const openScanner = async (): Promise<Page> => {
    await browser.context.clearPermissions();
    const page = await browser.page();
    await startSignedIn(page, owner);
    await page.goto('/vbc/');
    await page.getByRole('button', { name: 'Scan' }).click();
    await page.getByTestId('scanner-dialog').waitFor();
    return page;
  };

  it('reads the QR code of a chosen photo and opens the card', async () => {
    const page = await openScanner();
    const dialog = page.getByTestId('scanner-dialog');
    // No camera here: the scanner says so and still offers the other ways.
    expect(await dialog.getByTestId('scanner-error').textContent()).toBe(message(SCANNER_WORDS, 'scanner.errors.noCamera'));
    await expectAccessible(page, 'the scanner without a camera');
    await screenshotAtWidths(page, 'scanner-without-camera');
    await choosePhoto(page, path.join(dir, 'card-qr.png'));
    await expectCardOpened(page);
    await page.close();
  });

  it('a typed quick id opens the card; an unknown one says so', async () => {
    const page = await openScanner();
    const dialog = page.getByTestId('scanner-dialog');
    const code = dialog.getByRole('textbox', { name: "Type the card's code" });
    const unknown = card.quickId === 'zzzzzzz' ? 'yyyyyyy' : 'zzzzzzz';
    await code.fill(unknown);
    await dialog.getByRole('button', { name: 'Open' }).click();
    await dialog.getByText(`No card has the code ${unknown}.`).waitFor();
    await expectAccessible(page, 'the scanner with an unknown code');
    await screenshotAtWidths(page, 'scanner-unknown-code');
    // Upper case and look-alike letters are what a printed code is typed with.
    await code.fill(card.quickId.toUpperCase());
    await dialog.getByRole('button', { name: 'Open' }).click();
    await expectCardOpened(page);
    await page.close();
  });

  it('a photo without a QR code says so', async () => {
    const page = await openScanner();
    const dialog = page.getByTestId('scanner-dialog');
    writeFileSync(path.join(dir, 'blank.png'), await renderQrPng('blank', 400).then(async (png) => whiteOf(png)));
    await choosePhoto(page, path.join(dir, 'blank.png'));
    await dialog.getByText(message(SCANNER_WORDS, 'scanner.errors.noCodeInPhoto')).waitFor();
    expect(await dialog.getByTestId('scanner-photo-error').textContent()).toBe(message(SCANNER_WORDS, 'scanner.errors.noCodeInPhoto'));
    // The window stays open with the ways to try again.
    expect(await dialog.getByRole('button', { name: 'Choose a photo of a QR code' }).isEnabled()).toBe(true);
    await page.close();
  });
});

/** Presses "Choose a photo of a QR code" and picks `file` in the file chooser it opens. */
async function choosePhoto(page: Page, file: string): Promise<void> {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByTestId('scanner-dialog').getByRole('button', { name: 'Choose a photo of a QR code' }).click(),
  ]);
  await chooser.setFiles(file);
}

/** A white PNG the size of `png` (sharp is the e2e's image library). */
async function whiteOf(png: Buffer): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const { width = 100, height = 100 } = await sharp(png).metadata();
  return sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
}
