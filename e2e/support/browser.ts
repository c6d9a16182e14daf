import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags that keep Chromium from reaching the internet at start (DESIGN §10). */
const ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--disable-dev-shm-usage',
];

/** True when Debian's Chromium is installed; in CI its absence is an error, not a skip. */
export function hasChromium(): boolean {
  if (existsSync(CHROMIUM)) return true;
  if (process.env.CI) throw new Error(`Chromium not found at ${CHROMIUM}: .ci/run installs it (apt-get install -y chromium).`);
  console.warn(`Browser tests skipped: no Chromium at ${CHROMIUM} (apt-get install -y chromium).`);
  return false;
}

export interface Browser {
  context: BrowserContext;
  /** A new page that fails the test on any console error or uncaught page error (CSP violations included). */
  page(): Promise<Page>;
  errors: string[];
  close(): Promise<void>;
}

/** A fresh headless Chromium profile: one person, one device. */
export async function launchBrowser(options: { baseURL: string; viewport?: { width: number; height: number }; hasTouch?: boolean }): Promise<Browser> {
  const profile = mkdtempSync(path.join(tmpdir(), 'vbc-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    baseURL: options.baseURL,
    viewport: options.viewport ?? { width: 420, height: 860 },
    acceptDownloads: true,
    hasTouch: options.hasTouch ?? false,
  });
  const errors: string[] = [];
  return {
    context,
    errors,
    async page() {
      const page = await context.newPage();
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(String(e)));
      return page;
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Makes every page of this tab start signed in as `account`: its session is
 * written where the app keeps it (src/session/storage.ts keys) before any
 * script of the app runs.
 */
export async function startSignedIn(page: Page, account: { accessToken: string; sessionId: string }): Promise<void> {
  await page.addInitScript(([token, session]) => {
    localStorage.setItem('vbc.accessToken', token!);
    localStorage.setItem('vbc.sessionId', session!);
  }, [account.accessToken, account.sessionId]);
}
