import { existsSync, statfsSync } from 'node:fs';
import { chromium, type Browser as PlaywrightBrowser, type BrowserContext, type Page, type Request } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags that keep Chromium from reaching the internet at start (docs/contracts.md §D10). */
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  ...sharedMemoryArgs(),
];

/**
 * Chromium keeps what its processes share in /dev/shm. Where that is too small to hold it (a
 * container's default 64 MB), it is told to use files in /tmp instead. Where /dev/shm is large, the
 * files cost time: the messages journeys took 250–254 s with them and 226–230 s without, on a
 * machine with a 24 GB /dev/shm and /tmp on disk (docs/benchmarks.md, "The test suite's time on a
 * clean clone").
 */
function sharedMemoryArgs(): string[] {
  try {
    const shm = statfsSync('/dev/shm');
    if (shm.bavail * shm.bsize >= 1024 ** 3) return [];
  } catch {
    // No /dev/shm at all: the files in /tmp are all there is.
  }
  return ['--disable-dev-shm-usage'];
}

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

/** The API requests each page has on the way. */
const apiInFlight = new WeakMap<Page, Set<Request>>();

function trackApiRequests(page: Page): void {
  const pending = new Set<Request>();
  apiInFlight.set(page, pending);
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
  page.on('request', (r) => isApi(r.url()) && pending.add(r));
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => pending.delete(r));
}

/** Resolves once the page has had no API request on the way for `quietMs` (its catch-ups are done). */
export async function apiIdle(page: Page, quietMs = 300): Promise<void> {
  const pending = apiInFlight.get(page);
  if (!pending) throw new Error('apiIdle: the page was not opened through launchBrowser().page()');
  let quietSince = Date.now();
  while (Date.now() - quietSince < quietMs) {
    if (pending.size > 0) quietSince = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * One person on one device: a new context of the worker's headless Chromium, with cookies,
 * storage, caches and service workers of its own. A Chromium is started once per set of `args`
 * and worker, not once per person: on a 2-core machine, where the journeys keep both cores busy,
 * a Chromium of its own for each person cost about 1.5 s more a person (its start, its first
 * page's processes and its close), and four journey files took 478 s instead of 361 s
 * (docs/benchmarks.md, "One Chromium per worker").
 */
export async function launchBrowser(options: {
  baseURL: string;
  viewport?: { width: number; height: number };
  hasTouch?: boolean;
  /** More Chromium flags (a fake camera: --use-fake-device-for-media-stream …). */
  args?: string[];
  javaScriptEnabled?: boolean;
}): Promise<Browser> {
  const chromiumProcess = await chromiumWith(options.args ?? []);
  const context = await chromiumProcess.newContext({
    baseURL: options.baseURL,
    viewport: options.viewport ?? { width: 420, height: 860 },
    acceptDownloads: true,
    hasTouch: options.hasTouch ?? false,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  const errors: string[] = [];
  return {
    context,
    errors,
    async page() {
      const page = await context.newPage();
      trackApiRequests(page);
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(String(e)));
      // A chunk that failed to load makes the app reload (main.tsx), and React reports the lazy screen's
      // missing module; name the chunk and its cause beside that error, so a failure says which and why.
      await page.addInitScript(() =>
        window.addEventListener('vite:preloadError', (event) => {
          console.error(`vite:preloadError ${String((event as Event & { payload?: unknown }).payload)}`);
        }),
      );
      return page;
    },
    close: () => context.close(),
  };
}

/**
 * Makes this tab start signed in as `account`: its session is written where
 * the app keeps it (src/platform/storage.ts keys) before any script of the app
 * runs, on the first load only; later loads find what the app left (a logout
 * stays a logout).
 */
export async function startSignedIn(page: Page, account: { accessToken: string; sessionId: string }): Promise<void> {
  // Once per session: an init script runs on every load, and one that stored the token again on
  // the reload after Logout signed the page back in with the revoked token until the server said no.
  await page.addInitScript(
    ([token, session]) => {
      if (localStorage.getItem('e2e.signedInWith') === token) return;
      localStorage.setItem('e2e.signedInWith', token!);
      localStorage.setItem('vbc.accessToken', token!);
      localStorage.setItem('vbc.sessionId', session!);
    },
    [account.accessToken, account.sessionId],
  );
}

/** The worker's Chromium for each set of extra flags; Playwright ends them when the worker exits. */
const running = new Map<string, Promise<PlaywrightBrowser>>();

/** The running Chromium started with `args` (a fake camera, another language), or a new one. */
function chromiumWith(args: string[]): Promise<PlaywrightBrowser> {
  const key = args.join(' ');
  const known = running.get(key);
  if (known) return known;
  const started = chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...ARGS, ...args] }).then((browser) => {
    // One that crashed or was closed is started anew for the next person.
    browser.on('disconnected', () => running.get(key) === started && running.delete(key));
    return browser;
  });
  // A launch that failed is tried again by the next person, not remembered.
  started.catch(() => running.get(key) === started && running.delete(key));
  running.set(key, started);
  return started;
}
