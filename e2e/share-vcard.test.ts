/**
 * "Contact Download" on a phone (issue 29): where `navigator.canShare({ files })` holds, the .vcf
 * goes to the share sheet as a File (Web Share Level 2), so it lands in Contacts; elsewhere it
 * downloads as before. The share sheet is a stub injected before the page's scripts (headless
 * Chromium on Linux has none); the vCard it receives is read back with ical.js.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import type { Page } from 'playwright-core';
import { insertContact } from '../packages/server/src/cards/insert-contact.ts';
import { expectAccessible } from './support/axe.ts';
import { hasChromium, launchBrowser, type Browser } from './support/browser.ts';
import { screenshotAtWidths } from './support/screenshots.ts';
import { startServer, type RunningServer } from './support/server.ts';

interface TSharedFile {
  name: string;
  type: string;
  text: string;
  lastModified: number;
}

declare global {
  interface Window {
    /** What the stubbed share sheet received. */
    sharedFiles?: TSharedFile[];
  }
}

describe.skipIf(!hasChromium())('Contact Download through the share sheet', () => {
  let server: RunningServer;
  let browser: Browser;
  let quickId: string;

  beforeAll(async () => {
    server = await startServer();
    const card = await insertContact(server.app.db, {
      firstName: 'Zoë',
      lastName: 'Łukasz-山田',
      organization: 'Café & Co.',
      designSpecification: { design: { designation: 'default' }, theme: { designation: 'dark' } },
      phones: [{ phoneNumber: '0917 555 0101', type: 'Mobile' }],
    });
    quickId = card.quickId;
    browser = await launchBrowser({ baseURL: server.url });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A page whose browser offers a share sheet that takes files (canShare answers as `canShare` says). */
  const pageWithShareSheet = async (canShare: boolean): Promise<Page> => {
    const page = await browser.page();
    await page.addInitScript((accepts: boolean) => {
      window.sharedFiles = [];
      Object.defineProperty(navigator, 'canShare', {
        configurable: true,
        value: (data?: ShareData) => accepts && !!data?.files?.length && data.files.every((f) => f instanceof File),
      });
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: async (data?: ShareData) => {
          if (!accepts) throw new DOMException('not allowed', 'NotAllowedError');
          for (const file of data?.files ?? [])
            window.sharedFiles!.push({ name: file.name, type: file.type, text: await file.text(), lastModified: file.lastModified });
        },
      });
    }, canShare);
    return page;
  };
  const shared = (page: Page) => page.evaluate(() => window.sharedFiles ?? []);
  const hydrated = (page: Page) =>
    page.evaluate(() => new Promise<void>((resolve) => document.addEventListener('vbc:hydrated', () => resolve(), { once: true })));

  const expectVCard = (file: TSharedFile) => {
    expect(file.name).toBe('Zoë Łukasz-山田.vcf');
    expect(file.type).toBe('text/vcard');
    const vcard = new ICAL.Component(ICAL.parse(file.text) as unknown[]);
    expect(vcard.getFirstPropertyValue('version')).toBe('3.0');
    expect(vcard.getFirstPropertyValue('fn')).toBe('Zoë Łukasz-山田');
    expect(vcard.getFirstPropertyValue('tel')).toBe('09175550101');
  };

  it('hands the .vcf File to navigator.share, pressed before the app is there and after, and downloads nothing', async () => {
    const page = await pageWithShareSheet(true);
    const downloads: string[] = [];
    page.on('download', (d) => downloads.push(d.suggestedFilename()));
    await page.goto(`/vbc/${quickId}`);
    const button = page.getByRole('link', { name: 'Contact Download' });
    const appThere = hydrated(page);
    // The server-rendered page: the press comes before the app has loaded.
    await button.click();
    await expect.poll(() => shared(page)).toHaveLength(1);
    expectVCard((await shared(page))[0]!);

    await appThere;
    await button.click();
    await expect.poll(() => shared(page)).toHaveLength(2);
    expectVCard((await shared(page))[1]!);
    expect(downloads).toEqual([]);

    await screenshotAtWidths(page, 'share-vcard-card');
    await expectAccessible(page, 'card page with the share sheet');
    expect(browser.errors).toEqual([]);
    await page.close();
  });

  it('downloads the file as before where canShare says no', async () => {
    const page = await pageWithShareSheet(false);
    await page.goto(`/vbc/${quickId}`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Contact Download' }).click()]);
    expect(download.suggestedFilename()).toBe('Zoë Łukasz-山田.vcf');
    expect(readFileSync(await download.path(), 'utf8')).toContain('FN:Zoë Łukasz-山田');
    expect(await shared(page)).toEqual([]);
    expect(browser.errors).toEqual([]);
    await page.close();
  });
});
