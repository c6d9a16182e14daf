/**
 * Editor → "E-mail signature" (issue 29) in Chromium: the preview shows the card, "Copy signature"
 * puts rich HTML on the clipboard (no <style>, class or script in it), the download is the same
 * HTML; a PIN-protected card's phones and e-mails stay out. Editor → "Video background" downloads
 * the 1920×1080 PNG whose QR code reads as the card's link with `s=bg`.
 */
import { readFileSync } from 'node:fs';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, buildCard } from '../packages/server/src/test/factories.ts';
import { slowHash } from '../packages/server/src/platform/crypto/slow-hash.ts';
import { expectAccessible } from './support/axe.ts';
import { hasChromium, launchBrowser, startSignedIn, type Browser } from './support/browser.ts';
import { screenshotAtWidths } from './support/screenshots.ts';
import { startServer, type RunningServer } from './support/server.ts';

describe.runIf(hasChromium())('e-mail signature', () => {
  let server: RunningServer;
  let browser: Browser;
  let owner: Awaited<ReturnType<typeof buildAccount>>;

  beforeAll(async () => {
    server = await startServer();
    owner = await buildAccount(server.app, { name: 'Sam Signature' });
    browser = await launchBrowser({ baseURL: server.url });
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const openSignature = async (cardId: string) => {
    const page = await browser.page();
    await startSignedIn(page, owner);
    await page.goto(`/vbc/edit/${cardId}`);
    await page.getByRole('button', { name: 'E-mail signature' }).click();
    const dialog = page.getByTestId('signature-dialog');
    await dialog.getByTestId('signature-preview').getByText('Save my contact').waitFor();
    return { page, dialog };
  };

  it('previews, copies as rich HTML and downloads the signature', async () => {
    const card = await buildCard(server.app, { firstName: 'Sam', jobTitle: 'Baker' }, { ownerAccountId: owner.account.id });
    const { page, dialog } = await openSignature(card.id);
    const preview = dialog.getByTestId('signature-preview');
    expect(await preview.innerText()).toContain(`Sam ${card.lastName}`);
    expect(await preview.getByRole('link', { name: 'Save my contact' }).getAttribute('href')).toBe(
      `${server.url}/ds/vbc/i/${card.quickId}?s=sig`,
    );
    await expectAccessible(page, 'the e-mail signature window');
    await screenshotAtWidths(page, 'email-signature');

    await dialog.getByRole('button', { name: 'Copy signature' }).click();
    await dialog.getByText('Signature copied.').waitFor();
    const copied = await page.evaluate(async () => {
      const [item] = await navigator.clipboard.read();
      return { types: item!.types, html: await (await item!.getType('text/html')).text() };
    });
    expect(copied.types).toContain('text/html');
    expect(copied.html).toContain('Save my contact');
    expect(copied.html).not.toMatch(/<style|<script|\sclass=/i);

    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toBe(`Sam ${card.lastName} signature.html`);
    const file = readFileSync((await download.path())!, 'utf8');
    expect(file).toContain('<table ');
    expect(file).toContain(`${server.url}/ds/vbc/i/${card.quickId}?s=sig`);
    expect(file).not.toMatch(/<style|<script|\sclass=/i);
    expect(browser.errors).toEqual([]);
    await page.close();
  });

  it("leaves a PIN-protected card's phones and e-mails out, and says so", async () => {
    const card = await buildCard(
      server.app,
      { firstName: 'Sam' },
      { ownerAccountId: owner.account.id, pinHash: await slowHash('4821'), pinProtectionLevel: 1 },
    );
    const { page, dialog } = await openSignature(card.id);
    await dialog.getByText('Your card is PIN-protected, so its phones and e-mails are left out of the signature.').waitFor();
    const text = await dialog.getByTestId('signature-preview').innerText();
    expect(text).not.toMatch(/0917|ana@example/);
    await page.close();
  });

  it('downloads the video background: 1920×1080, its QR code the link with s=bg', async () => {
    const card = await buildCard(server.app, { firstName: 'Sam', jobTitle: 'Baker' }, { ownerAccountId: owner.account.id });
    const page = await browser.page();
    await startSignedIn(page, owner);
    await page.goto(`/vbc/edit/${card.id}`);
    await page.getByRole('button', { name: 'Video background' }).click();
    const dialog = page.getByTestId('background-dialog');
    await expectAccessible(page, 'the video background window');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download 1920×1080' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Sam ${card.lastName} background 1920x1080.png`);
    const png = PNG.sync.read(readFileSync((await download.path())!));
    expect([png.width, png.height]).toEqual([1920, 1080]);
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(`${server.url}/ds/vbc/i/${card.quickId}?s=bg`);
    expect(browser.errors).toEqual([]);
    await page.close();
  });
});
