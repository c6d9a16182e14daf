/**
 * The public card rendered on the server (issue 13): readable with JavaScript off, then
 * hydrated in place — same DOM nodes, no hydration error — on the visitor's first touch, the
 * button pressed meanwhile doing what it does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, type DemoSeed } from '../packages/server/src/seed/demo.ts';
import { buildAccount } from '../packages/server/src/test/factories.ts';
import { expectAccessible } from './support/axe.ts';
import { hasChromium, launchBrowser, startSignedIn } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

describe.skipIf(!hasChromium())('server-rendered public card', () => {
  let server: RunningServer;
  let seed: DemoSeed;
  const card = (label: string) => {
    const found = seed.cards.find((c) => c.label === label);
    if (!found) throw new Error(`no demo card "${label}"`);
    return found;
  };

  beforeAll(async () => {
    server = await startServer();
    const seeded = await seedDemo(server.app);
    if (!seeded) throw new Error('demo seed did not run on a fresh database');
    seed = seeded;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('with JavaScript off, the card is there: name, title, picture, buttons, contact rows; a PIN-locked card keeps its rows hidden', async () => {
    const browser = await launchBrowser({ baseURL: server.url, javaScriptEnabled: false });
    try {
      const page = await browser.page();
      await page.goto(`/vbc/${card('default layout').quickId}`);
      expect(await page.title()).toBe('Maria Santos');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Maria Santos');
      expect(await page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
      for (const text of ['Product Designer', 'Lumen Studio', '0917 555 0123', 'maria@example.org'])
        expect(await page.getByText(text, { exact: true }).first().isVisible(), text).toBe(true);
      expect(await page.getByRole('link', { name: 'Contact Download' }).getAttribute('href')).toMatch(/^\/ds\/vbc\/download\/i\//);
      expect(await page.getByRole('button', { name: 'Contact Transfer via QR' }).isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Share' }).isVisible()).toBe(true);
      await page.getByRole('heading', { name: 'What I do' }).waitFor(); // the markdown, rendered on the server
      expect(await page.getByText('Loading V.B.C.').count()).toBe(0);

      await page.goto(`/vbc/${card('PIN-protected card').quickId}`);
      await page.getByText('Contact Information is hidden and required Pin to access.').waitFor();
      expect(await page.getByText('Contact Download').count()).toBe(0);
      expect(await page.getByText('0917 555 0123').count()).toBe(0);
      await page.close();
    } finally {
      await browser.close();
    }
  });

  it("a signed-in visitor's chat button tapped before the app is there opens their message window once they are known", async () => {
    const visitor = await buildAccount(server.app, { name: 'Early Tapper' });
    const browser = await launchBrowser({ baseURL: server.url });
    try {
      const page = await browser.page();
      await startSignedIn(page, visitor);
      // Hold the app until the tap is in: the page is the server's (signed out) when it lands.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/vbc\/assets\/main-[\w-]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.addInitScript(() => {
        document.addEventListener('vbc:ready', () => document.documentElement.setAttribute('data-test-ready', ''), { once: true });
      });
      await page.goto(`/vbc/${card('default layout').quickId}`);
      await page.getByTestId('chat-fab').click();
      expect(await page.evaluate(() => document.documentElement.hasAttribute('data-test-ready'))).toBe(false);
      release();
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-test-ready'));
      const dialog = page.getByTestId('send-message-dialog');
      await dialog.waitFor();
      expect(await dialog.getByTestId('send-message-recipient').textContent()).toBe('Maria Santos');
      expect(await page.getByTestId('auth-dialog').count()).toBe(0);
      expect(browser.errors).toEqual([]);
      await page.close();
    } finally {
      await browser.close();
    }
  });

  it('the pet page too: in the HTML, hydrated in place on the first touch, Share opening its window', async () => {
    const browser = await launchBrowser({ baseURL: server.url });
    try {
      const page = await browser.page();
      const messages: string[] = [];
      page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && messages.push(m.text()));
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          (window as unknown as { ssrName?: Element | null }).ssrName = document.querySelector('#root[data-ssr] h1');
        });
      });
      const petPath = new URL(seed.petUrl).pathname;
      await page.goto(petPath);
      expect(await page.title()).toBe('Biscuit');
      expect(await page.evaluate(() => (window as unknown as { ssrName?: Element | null }).ssrName?.textContent)).toBe('Biscuit');
      await page.waitForFunction(() => performance.getEntriesByName('vbc:interactive').length > 0);
      await expectAccessible(page, 'pet page (server-rendered)');
      const hydrated = page.evaluate(
        () => new Promise<void>((resolve) => document.addEventListener('vbc:hydrated', () => resolve(), { once: true })),
      );
      await page.getByRole('button', { name: 'Share' }).click();
      await hydrated;
      const petId = petPath.split('/').pop()!;
      expect(await page.getByTestId('pet-share-dialog').getByTestId('pet-share-link').inputValue()).toBe(`${server.url}/ds/vp/i/${petId}`);
      expect(await page.evaluate(() => (window as unknown as { ssrName?: Element | null }).ssrName === document.querySelector('h1'))).toBe(
        true,
      );
      expect(messages.filter((m) => /hydrat|#418|#423|#425|did not match/i.test(m))).toEqual([]);
      expect(browser.errors).toEqual([]);
      await page.close();
    } finally {
      await browser.close();
    }
  });

  it('hydrates in place on the first touch, with no hydration error, and the button pressed opens its window', async () => {
    const browser = await launchBrowser({ baseURL: server.url });
    try {
      const page = await browser.page();
      const messages: string[] = [];
      page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && messages.push(m.text()));
      const scripts: string[] = [];
      page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
      // Remember the server's nodes before any script of the page runs.
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          const w = window as unknown as { ssrName?: Element | null; ssrShare?: Element | null };
          w.ssrName = document.querySelector('h1');
          w.ssrShare = Array.from(document.querySelectorAll('button')).find((b) => b.textContent?.trim() === 'Share') ?? null;
        });
      });
      await page.goto(`/vbc/${card('simple layout').quickId}`);
      await page.waitForFunction(() => performance.getEntriesByName('vbc:interactive').length > 0);
      // Before the visitor acts, only the boot script has loaded.
      await page.waitForTimeout(1000);
      expect(
        scripts.every((s) =>
          /\/card-boot-|\/preload-helper-|\/recents-|\/storage-|\/initial-card-id-|\/page-events-|\/service-worker-client-|\/share-file-|\/http-|\/contacts-|\/visit-source-/.test(
            s,
          ),
        ),
        scripts.join(', '),
      ).toBe(true);
      const recents = await page.evaluate(() => JSON.parse(localStorage.getItem('vbc.recents') ?? '[]') as { id: string }[]);
      expect(recents[0]?.id).toBe(card('simple layout').virtualContactId);

      const hydrated = page.evaluate(
        () => new Promise<void>((resolve) => document.addEventListener('vbc:hydrated', () => resolve(), { once: true })),
      );
      await page.getByRole('button', { name: 'Share' }).click();
      await hydrated;
      const dialog = page.getByTestId('share-dialog');
      expect(await dialog.getByTestId('share-link').inputValue()).toBe(`${server.url}/ds/vbc/i/${card('simple layout').quickId}?s=link`);
      const same = await page.evaluate(() => {
        const w = window as unknown as { ssrName?: Element | null; ssrShare?: Element | null };
        const share = Array.from(document.querySelectorAll('button')).find((b) => b.textContent?.trim() === 'Share');
        return { name: w.ssrName === document.querySelector('h1'), share: !!share && w.ssrShare === share };
      });
      expect(same).toEqual({ name: true, share: true });
      expect(messages.filter((m) => /hydrat|#418|#423|#425|did not match/i.test(m))).toEqual([]);
      expect(browser.errors).toEqual([]);
      await page.close();
    } finally {
      await browser.close();
    }
  });
});
