/**
 * The public card view in a real browser (docs/contracts.md §2 "Public contact view"):
 * the built app served by the real server, demo cards seeded through the
 * server's own seeding code, Debian Chromium.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import { seedDemo, type DemoSeed } from '../packages/server/src/seed/demo.ts';
import { insertContact } from '../packages/server/src/cards/insert-contact.ts';
import { expectAccessible, expectHeadingOrder } from './support/axe.ts';
import { hasChromium, launchBrowser, type Browser } from './support/browser.ts';
import { cutText } from './support/layout.ts';
import { startServer, type RunningServer } from './support/server.ts';

const XSS_BIO = '<img src=x onerror="alert(\'bio\')"> Tom & Jerry <script>alert("bio2")</script>';
const XSS_MARKDOWN = [
  '# Safe heading',
  '<script>alert("md-script")</script>',
  '<img src="x" onerror="alert(\'md-img\')">',
  '[click me](javascript:alert("md-link"))',
  '<a href="javascript:alert(\'raw-a\')">raw link</a>',
  '![pic](javascript:alert("md-pic"))',
].join('\n\n');

describe.skipIf(!hasChromium())('public card view', () => {
  let server: RunningServer;
  let browser: Browser;
  let seed: DemoSeed;
  let xssQuickId: string;
  let accentQuickId: string;

  const card = (label: string) => {
    const found = seed.cards.find((c) => c.label === label);
    if (!found) throw new Error(`no demo card "${label}"`);
    return found;
  };
  /** Opens a card link the way a visitor does, recording the API calls the page makes. */
  const open = async (quickId: string) => {
    const page = await browser.page();
    const apiCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) apiCalls.push(new URL(r.url()).pathname);
    });
    await page.goto(`/vbc/${quickId}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    return { page, apiCalls };
  };
  const h2s = (page: Page) => page.getByRole('heading', { level: 2 }).allTextContents();

  beforeAll(async () => {
    server = await startServer();
    const seeded = await seedDemo(server.app);
    if (!seeded) throw new Error('demo seed did not run on a fresh database');
    seed = seeded;
    const xss = await insertContact(server.app.db, {
      firstName: '<svg onload=alert("first")>',
      lastName: 'Hacker',
      jobTitle: '"><script>alert("title")</script>',
      biography: XSS_BIO,
      markdownDescriptions: [XSS_MARKDOWN],
      designSpecification: { design: { designation: 'simple' }, theme: { designation: 'dark' } },
      links: [{ linkUrl: 'javascript:alert("link")', linkName: 'Evil link' }],
    });
    xssQuickId = xss.quickId;
    const accented = await insertContact(server.app.db, {
      firstName: 'José',
      lastName: 'Núñez',
      organization: 'Café & Co.',
      designSpecification: { design: { designation: 'default' }, theme: { designation: 'dark' } },
      phones: [{ phoneNumber: '+34 600 123 456', type: 'Mobile' }],
    });
    accentQuickId = accented.quickId;
    browser = await launchBrowser({ baseURL: server.url });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('serves link-preview tags and the card inlined, and the first render makes no API call', async () => {
    const maria = card('default layout');
    const html = await (await fetch(`${server.url}/vbc/${maria.quickId}`, { headers: { 'user-agent': 'facebookexternalhit/1.1' } })).text();
    expect(html).toContain('<meta property="og:title" content="Maria Santos">');
    expect(html).toContain(`<meta property="og:url" content="${server.url}/vbc/${maria.quickId}">`);
    expect(html).toContain('<meta property="og:image"');
    expect(html).toContain('<script type="application/json" id="vbc-initial-card">');

    const { page, apiCalls } = await open(maria.quickId);
    expect(await page.title()).toBe('Maria Santos');
    await page.waitForLoadState('networkidle');
    // The one call is the view the page counts once it shows (issue 30: the owner's own visits are not counted).
    const cardCalls = apiCalls.filter((p) => p.toLowerCase().startsWith('/api/vbc/virtualcontact/'));
    expect(cardCalls).toEqual([`/api/vbc/virtualcontact/${maria.virtualContactId}/view`]);
    // docs/contracts.md §4: the view goes into the local history.
    const recents = await page.evaluate(() => JSON.parse(localStorage.getItem('vbc.recents') ?? '[]') as { id: string }[]);
    expect(recents[0]?.id).toBe(maria.virtualContactId);
    await page.close();
  });

  it('default layout: no headings, the card, counts and the /order/ link', async () => {
    const { page } = await open(card('default layout').quickId);
    await page.getByTestId('markdown').waitFor();
    // No section headings; the markdown's own "## What I do" is the h2 under the name.
    expect(await page.locator('h2:not([data-testid="markdown"] h2)').count()).toBe(0);
    await expect(page.getByTestId('decorative-background').count()).resolves.toBe(1);
    for (const text of ['Product Designer', 'Lumen Studio', 'Work', 'maria@example.org', '0917 555 0123', 'Website', 'Lumen Studio HQ']) {
      await page.getByText(text, { exact: true }).first().waitFor();
    }
    await page.getByText(/\d+ views?/).waitFor();
    await page.getByText(/\d+ downloads?/).waitFor();
    await page.getByRole('heading', { name: 'What I do' }).waitFor(); // markdown, rendered
    expect(await page.getByTestId('wall-photos').getByRole('img').count()).toBe(3); // first board only
    expect(await page.getByRole('link', { name: 'Would you like to get your own profile?' }).getAttribute('href')).toBe('/order/');
    for (const name of ['Facebook', 'LinkedIn', 'Instagram', 'Whatsapp', 'WeChat']) {
      await page.getByRole('list', { name: 'Social networks' }).getByLabel(name).waitFor();
    }
    await expectAccessible(page, 'the default layout');
    expect(await expectHeadingOrder(page, 'the default layout')).toContain('2 What I do');
    // The markdown link wears the theme's colour, not the browser's default blue.
    expect(
      await page
        .getByTestId('markdown')
        .getByRole('link', { name: 'Portfolio' })
        .evaluate((a) => getComputedStyle(a).color),
    ).toBe('rgb(154, 125, 255)');
    await page.close();
  });

  it('simple and artist layouts: the headings; artist doubles the name', async () => {
    const simple = await open(card('simple layout').quickId);
    expect(await h2s(simple.page)).toEqual(['About', 'Social Networks', 'Contact Info', 'Links', 'Places']);
    await expectAccessible(simple.page, 'the simple layout');
    await expectHeadingOrder(simple.page, 'the simple layout');
    await simple.page.close();

    const artist = await open(card('artist layout').quickId);
    expect(await h2s(artist.page)).toEqual(['About', 'Social Networks', 'Contact Info', 'Links', 'Places']);
    expect(await artist.page.getByTestId('artist-name-background').textContent()).toBe('Aiko Tanaka');
    expect(await artist.page.getByRole('heading', { level: 1 }).textContent()).toBe('Aiko Tanaka');
    await expectAccessible(artist.page, 'the artist layout');
    expect(await expectHeadingOrder(artist.page, 'the artist layout')).toContain('3 What I do');
    // The doubled name stays inside the card's margins and clear of the portrait, on a phone and on a desktop.
    for (const width of [420, 1280]) {
      await artist.page.setViewportSize({ width, height: 900 });
      const [letters, card, portrait] = await Promise.all([
        artist.page.getByTestId('artist-name-background').evaluate((el) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          const r = range.getBoundingClientRect();
          return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
        }),
        artist.page.getByTestId('layout-artist').boundingBox(),
        artist.page.getByTestId('profile-picture').boundingBox(),
      ]);
      expect(letters.left, `at ${width} px`).toBeGreaterThanOrEqual(card!.x);
      expect(letters.right, `at ${width} px`).toBeLessThanOrEqual(card!.x + card!.width);
      expect(letters.bottom <= portrait!.y || letters.top >= portrait!.y + portrait!.height, `at ${width} px`).toBe(true);
    }
    await artist.page.close();
  });

  it('desktop default layout: the four buttons (with "Exchange Contact", issue 26) show their whole labels', async () => {
    const { page } = await open(card('default layout').quickId);
    await page.setViewportSize({ width: 1280, height: 900 });
    const buttons = page.getByTestId('contact-actions').locator(':scope > *');
    expect(await buttons.count()).toBe(4);
    // The four do not fit one row of the 600 px card: they wrap rather than run past its edge (issue 30, item 8).
    expect(await cutText(buttons)).toEqual([]);
    await page.close();
  });

  it('photo viewer: Previous and Next drawn whole inside the screen, on a phone and on a desktop', async () => {
    const { page } = await open(card('default layout').quickId);
    for (const viewport of [
      { width: 360, height: 740 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(viewport);
      await page.getByAltText('Photo 1').first().click();
      const viewer = page.getByTestId('image-viewer');
      await viewer.waitFor();
      for (const name of ['Previous', 'Next']) {
        const button = viewer.getByRole('button', { name });
        const box = (await button.boundingBox())!;
        expect(box.x, `${name} at ${viewport.width}px`).toBeGreaterThanOrEqual(12);
        expect(box.x + box.width, `${name} at ${viewport.width}px`).toBeLessThanOrEqual(viewport.width - 12);
        // Nothing covers its edges, and its disc stands out from the dark backdrop (not half lost in it).
        const seen = await button.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const y = r.top + r.height / 2;
          const atEdges = [r.left + 2, r.right - 2].every((x) => el.contains(document.elementFromPoint(x, y)));
          const style = getComputedStyle(el);
          const alpha = (color: string) => Number(/rgba?\([^)]*?,[^)]*?,[^)]*?(?:,\s*([\d.]+))?\)/.exec(color)?.[1] ?? 1);
          return {
            atEdges,
            background: alpha(style.backgroundColor),
            border: parseFloat(style.borderLeftWidth) > 0 ? alpha(style.borderLeftColor) : 0,
          };
        });
        expect(seen.atEdges, name).toBe(true);
        expect(seen.background, name).toBeGreaterThanOrEqual(0.85);
        expect(seen.border, name).toBeGreaterThanOrEqual(0.3);
      }
      await page.keyboard.press('Escape');
      await viewer.waitFor({ state: 'detached' });
    }
    await page.close();
  });

  it('facebook layout: cover, works-at line, quoted biography, Profile and Message', async () => {
    const { page } = await open(card('facebook layout').quickId);
    await page.getByTestId('cover').waitFor();
    expect(await page.getByTestId('works-at').textContent()).toContain('Works at Harbor Café');
    expect(await page.getByTestId('biography').textContent()).toMatch(/^“Hi, I'm Daniel\..*”$/);
    expect(await page.getByRole('link', { name: 'Profile', exact: true }).getAttribute('href')).toBe(
      'https://www.facebook.com/daniel.cruz',
    );
    expect(await page.getByRole('link', { name: 'Message', exact: true }).getAttribute('href')).toBe('https://m.me/daniel.cruz');
    expect(await page.getByRole('list', { name: 'Social networks' }).getByLabel('Facebook').count()).toBe(0);
    await expectAccessible(page, 'the facebook layout');
    await expectHeadingOrder(page, 'the facebook layout');
    await page.close();
  });

  it('"Contact Download" downloads the vCard', async () => {
    const { page } = await open(card('simple layout').quickId);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Contact Download' }).click()]);
    const vcard = readFileSync((await download.path())!, 'utf8');
    expect(vcard).toMatch(/^BEGIN:VCARD\r\nVERSION:3.0\r\n/);
    expect(vcard).toContain('FN:James Reyes');
    expect(vcard).toContain('TEL;TYPE=CELL:09175550123');
    await page.close();
  });

  it('the share window shows a QR code that scans back to the card link', async () => {
    const james = card('simple layout');
    const { page } = await open(james.quickId);
    await page.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByTestId('share-dialog');
    await dialog.getByTestId('qr-canvas').waitFor();
    await page.getByRole('progressbar').waitFor({ state: 'detached' });
    // The link copied or shared says `s=link`, the QR code `s=qr` (issue 29).
    const expected = `${server.url}/ds/vbc/i/${james.quickId}?s=qr`;
    expect(await dialog.getByTestId('share-link').inputValue()).toBe(`${server.url}/ds/vbc/i/${james.quickId}?s=link`);
    const png = PNG.sync.read(await dialog.getByTestId('qr-code').screenshot());
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(expected);
    await dialog.getByRole('button', { name: 'Copy link' }).click();
    await dialog.getByText('copied to clipboard').waitFor();
    await expectAccessible(page, 'the share window');
    expect(await dialog.getByRole('link', { name: 'Share To Facebook' }).getAttribute('href')).toBe(
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(`${server.url}/ds/vbc/i/${james.quickId}?s=link`)}`,
    );
    await page.close();
  });

  it('WeChat opens "Scan with WeChat"; the vCard QR has a Cancel button', async () => {
    const { page } = await open(card('default layout').quickId);
    await page.getByRole('list', { name: 'Social networks' }).getByLabel('WeChat').click();
    const wechat = page.getByRole('dialog', { name: 'Scan with WeChat' });
    await wechat.getByTestId('qr-canvas').waitFor();
    await expectAccessible(page, 'the "Scan with WeChat" window');
    await page.getByRole('button', { name: 'Close' }).click();
    await wechat.waitFor({ state: 'detached' });
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('button', { name: 'Contact Transfer via QR' }).click();
    const vcardDialog = page.getByRole('dialog', { name: 'Contact Transfer via QR' });
    await vcardDialog.getByTestId('qr-canvas').waitFor();
    await expectAccessible(page, 'the vCard QR window');
    await vcardDialog.getByRole('button', { name: 'Cancel' }).click();
    await vcardDialog.waitFor({ state: 'detached' });
    await page.close();
  });

  it('the vCard QR carries the card as UTF-8 (accents survive a scan)', async () => {
    const { page } = await open(accentQuickId);
    await page.setViewportSize({ width: 900, height: 1000 });
    await page.getByRole('button', { name: 'Contact Transfer via QR' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact Transfer via QR' });
    await dialog.getByTestId('qr-canvas').waitFor();
    await page.getByRole('progressbar').waitFor({ state: 'detached' });
    const png = PNG.sync.read(await dialog.getByTestId('qr-code').screenshot());
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toContain('FN:José Núñez');
    expect(decoded?.data).toContain('ORG:Café & Co.');
    expect(decoded?.data).toContain('TEL;TYPE=CELL:+34600123456');
    await page.close();
  });

  it('a PIN-protected card hides phones, e-mails, download and vCard QR behind the notice', async () => {
    const { page } = await open(card('PIN-protected card').quickId);
    await page.getByText('Contact Information is hidden and required Pin to access.').waitFor();
    expect(await page.getByText('Contact Download').count()).toBe(0);
    expect(await page.getByText('Contact Transfer via QR').count()).toBe(0);
    expect(await page.getByText('0917 555 0123').count()).toBe(0);
    await page.getByRole('button', { name: 'Share' }).waitFor();
    await expectAccessible(page, 'a PIN-protected card');
    await page.close();
  });

  it('a wrong ?pin= opens the PIN window showing "Wrong Pin", as a PIN typed there would', async () => {
    const page = await browser.page();
    const before = browser.errors.length;
    await page.goto(`/vbc/${card('PIN-protected card').quickId}?pin=0000`);
    const dialog = page.getByRole('dialog', { name: 'Enter PIN' });
    await dialog.getByText('Wrong Pin', { exact: true }).waitFor();
    expect(await dialog.getByTestId('pin-input').inputValue()).toBe('0000');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Contact Information is hidden and required Pin to access.').waitFor();
    // The refused PIN (403) is logged by the browser; nothing else may be.
    expect(browser.errors.splice(before).filter((e) => !/Failed to load resource: .* 403/.test(e))).toEqual([]);
    await page.close();
  });

  it('a corporate card opens the Verified Business dialog', async () => {
    const { page } = await open(card('corporate card').quickId);
    await page.getByTestId('corporate-badge').click();
    const dialog = page.getByRole('dialog', { name: 'Verified Business' });
    await dialog.getByText('Acme Corporation').waitFor();
    expect(await dialog.textContent()).toContain('Last Updated');
    await expectAccessible(page, 'the Verified Business dialog');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.close();
  });

  it('an unadopted card asks for the passcode and offers Login / Register', async () => {
    const page = await browser.page();
    await page.goto(`/vbc/${card('unadopted card').quickId}`);
    await page.getByText('This profile is not adopted yet.').waitFor();
    await page.getByText("If you'd like to adopt, you need the passcode.").waitFor();
    const signIn = page.getByRole('button', { name: 'Login / Register' });
    await signIn.waitFor();
    expect(await signIn.isEnabled()).toBe(true);
    await expectAccessible(page, 'an unadopted card');
    await page.close();
  });

  it('an unknown card says "Card not found" with a way home, not an error window (issue 30)', async () => {
    const page = await browser.page();
    const before = browser.errors.length;
    await page.goto('/vbc/zzzzzzz');
    await page.getByRole('heading', { level: 1, name: 'Card not found' }).waitFor();
    await page.getByRole('link', { name: 'Go to the home page' }).waitFor();
    expect(await page.getByTestId('error-dialog').count()).toBe(0);
    await expectAccessible(page, 'card not found');
    // The 404s themselves are logged by the browser; nothing else may be.
    const extra = browser.errors.splice(before).filter((e) => !/Failed to load resource: .* 404/.test(e));
    expect(extra).toEqual([]);
    await page.close();
  });

  it('runs no script from a biography, a name or markdown', async () => {
    const page = await browser.page();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto(`/vbc/${xssQuickId}`);
    await page.getByRole('heading', { name: 'Safe heading' }).waitFor();
    await page.getByText('Tom & Jerry', { exact: false }).waitFor();
    expect(
      await page.locator('[onerror], [onload], script:not([type="application/json"]):not([type="application/ld+json"]):not([src])').count(),
    ).toBe(0);
    expect(await page.getByTestId('contact-name').textContent()).toBe('<svg onload=alert("first")> Hacker');
    for (const name of ['click me', 'raw link']) {
      const link = page.getByText(name);
      if (await link.count()) {
        // rehype-sanitize drops the unsafe href altogether
        expect((await link.getAttribute('href')) ?? '').not.toMatch(/^javascript:/i);
        await link.click({ modifiers: ['Control'] }).catch(() => undefined);
      }
    }
    expect(await page.getByRole('link', { name: /Evil link/ }).getAttribute('href')).not.toMatch(/^javascript:/i);
    await page.waitForTimeout(300);
    expect(dialogs).toEqual([]);
    await page.close();
  });

  it('logged no console errors or CSP violations', () => {
    expect(browser.errors).toEqual([]);
  });
});
