/**
 * The camera QR scanner in Chromium (issue 14): a fake camera plays a y4m video of a card's QR code
 * (rendered by the server's own /ds/qr), the scanner reads it and the card opens in the app; the
 * insecure-context and permission-denied errors show their texts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import { buildAccount, buildCard } from '../packages/server/src/test/factories.ts';
import { catalogue, message } from './support/catalogue.ts';
import { hasChromium, launchBrowser, startSignedIn, type Browser } from './support/browser.ts';

/** The scanner's English words (docs/contracts.md §8), as the app's catalogue has them. */
const SCANNER_WORDS = catalogue('en', 'app');
import { startServer, type RunningServer } from './support/server.ts';

/** A y4m (YUV 4:2:0) video of `frames` identical frames: the PNG's grey levels centred on white. */
function y4mOf(png: PNG, width = 640, height = 480, frames = 20): Buffer {
  const y = Buffer.alloc(width * height, 255);
  const left = Math.floor((width - png.width) / 2);
  const top = Math.floor((height - png.height) / 2);
  for (let row = 0; row < png.height; row++) {
    for (let col = 0; col < png.width; col++) {
      const i = (row * png.width + col) * 4;
      y[(top + row) * width + left + col] = Math.round(0.299 * png.data[i]! + 0.587 * png.data[i + 1]! + 0.114 * png.data[i + 2]!);
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma]);
  return Buffer.concat([
    Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`),
    ...Array.from({ length: frames }, () => frame),
  ]);
}

describe.runIf(hasChromium())('camera QR scanner in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let dir: string;
  let owner: Awaited<ReturnType<typeof buildAccount>>;
  let card: Awaited<ReturnType<typeof buildCard>>;

  beforeAll(async () => {
    server = await startServer();
    owner = await buildAccount(server.app);
    card = await buildCard(server.app, { firstName: 'Scanned', lastName: 'Person' });
    const link = `${server.url}/ds/vbc/i/${card.quickId}`;
    const qr = await fetch(`${server.url}/ds/qr?text=${encodeURIComponent(link)}&size=300`);
    expect(qr.status).toBe(200);
    dir = mkdtempSync(path.join(tmpdir(), 'vbc-scan-'));
    const video = path.join(dir, 'qr.y4m');
    writeFileSync(video, y4mOf(PNG.sync.read(Buffer.from(await qr.arrayBuffer()))));
    browser = await launchBrowser({
      baseURL: server.url,
      args: [
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
        '--host-resolver-rules=MAP insecure.vbc.test 127.0.0.1',
      ],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('reads a card link from the camera and opens the card in the app', async () => {
    await browser.context.grantPermissions(['camera'], { origin: server.url });
    const page = await browser.page();
    await startSignedIn(page, owner);
    await page.goto('/vbc/');
    await page.getByRole('button', { name: 'Scan' }).click();
    await page.getByTestId('scanner-dialog').waitFor();
    await page.waitForURL(`**/vbc/${card.quickId}`, { timeout: 30_000 });
    await page
      .getByRole('heading', { name: /Scanned Person/ })
      .first()
      .waitFor();
    expect(await page.getByTestId('scanner-dialog').count()).toBe(0);
  });

  it('camera permission denied: says so', async () => {
    await browser.context.clearPermissions();
    const page = await browser.page();
    await startSignedIn(page, owner);
    await page.goto('/vbc/');
    await page.getByRole('button', { name: 'Scan' }).click();
    const error = page.getByTestId('scanner-error');
    await error.waitFor();
    expect(await error.textContent()).toBe(message(SCANNER_WORDS, 'scanner.errors.denied'));
  });

  it('not a secure context (plain http on a non-local host): says HTTPS is needed', async () => {
    const page = await browser.page();
    await startSignedIn(page, owner);
    const port = new URL(server.url).port;
    await page.goto(`http://insecure.vbc.test:${port}/vbc/`);
    await page.getByRole('button', { name: 'Scan' }).click();
    const error = page.getByTestId('scanner-error');
    await error.waitFor();
    expect(await error.textContent()).toBe(message(SCANNER_WORDS, 'scanner.errors.insecure'));
  });
});
