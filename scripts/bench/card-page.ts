// The public card page as a phone on a poor network sees it (issue 13, "Measured"). The product
// runs as `npm start` runs it (scripts/start.mjs: the built server, embedded PGlite, demo cards),
// in its own process; this process drives Debian's Chromium against it:
// - Lighthouse (the npm package, mobile preset: simulated Slow-4G and 4× CPU), median of 3 per category;
// - "name visible after navigation": real throttling through the DevTools protocol (150 ms RTT,
//   1.6 Mbps down, 750 kbps up, 4× CPU), median of 5 fresh visits, with the JavaScript transferred
//   before the page is interactive (the boot script's `vbc:interactive` mark) and in its first 5 s.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { freePort, median, stop } from './product.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** docs/contracts.md §D10: without these Chromium tries to reach the internet at start. */
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** `npm start` (scripts/start.mjs) on a fresh data folder; resolves with the demo card links it prints. */
async function startProduct(): Promise<{ child: ChildProcess; base: string; cards: Record<string, string>; dataDir: string }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vbc-bench-page-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  };
  for (const key of ['LOG_LEVEL', 'DATABASE_URL', 'REDIS_URL', 'SEED_DEMO']) delete env[key];
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  // The demo card links are printed on stderr (the log is on stdout): read both.
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok && /PIN of the PIN-protected card/.test(out)) {
      const cards: Record<string, string> = {};
      for (const m of out.matchAll(/^\s+(.+?)\s{2,}(http:\/\/\S+\/vbc\/\S+)/gm)) cards[m[1]!.trim()] = m[2]!;
      return { child, base, cards, dataDir };
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('npm start did not come up with demo cards in 5 minutes');
}

type TCategory = 'performance' | 'accessibility' | 'best-practices' | 'seo';
const CATEGORIES: TCategory[] = ['performance', 'accessibility', 'best-practices', 'seo'];

/**
 * Lighthouse's default (mobile) configuration on a fresh Chromium each time, until `runs` runs
 * completed (at most twice as many tries); medians of those. A run Lighthouse could not finish
 * (`runtimeError`: its categories score null) is reported with its error, not counted as a 0.
 */
async function lighthouseRuns(url: string, runs: number) {
  const scores: Record<TCategory, number[]> = { performance: [], accessibility: [], 'best-practices': [], seo: [] };
  const metrics: Record<string, number[]> = { fcp: [], lcp: [], tbt: [], cls: [], si: [] };
  const failed = new Set<string>();
  const errors: string[] = [];
  for (let tries = 0; scores.performance.length < runs && tries < runs * 2; tries++) {
    const userDataDir = mkdtempSync(path.join(tmpdir(), 'vbc-lh-'));
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS, userDataDir });
    try {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
      const lhr = result!.lhr;
      if (lhr.runtimeError) {
        errors.push(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
        continue;
      }
      for (const c of CATEGORIES) scores[c].push(Math.round((lhr.categories[c]?.score ?? 0) * 100));
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      metrics.fcp!.push(audit('first-contentful-paint'));
      metrics.lcp!.push(audit('largest-contentful-paint'));
      metrics.tbt!.push(audit('total-blocking-time'));
      metrics.cls!.push(audit('cumulative-layout-shift'));
      metrics.si!.push(audit('speed-index'));
      for (const c of CATEGORIES) {
        for (const ref of lhr.categories[c]?.auditRefs ?? []) {
          const a = lhr.audits[ref.id];
          if (ref.weight > 0 && a && a.score !== null && a.score < 1) failed.add(`${c}: ${ref.id}`);
        }
      }
    } finally {
      await chrome.kill();
      rmSync(userDataDir, { recursive: true, force: true });
    }
  }
  return {
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, median(scores[c])])) as Record<TCategory, number>,
    runs: scores,
    metrics: Object.fromEntries(Object.entries(metrics).map(([k, v]) => [k, median(v)])),
    failed: [...failed],
    errors,
  };
}

/** Fresh visits under real throttling: when the card's name is first painted, and what JavaScript came before interaction. */
async function nameVisibleRuns(url: string, runs: number) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS.filter((f) => !f.startsWith('--headless')),
  });
  const visible: number[] = [];
  const interactive: number[] = [];
  const jsBefore: number[] = [];
  const js5s: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      // Before paint, each frame: the first one in which the name is laid out is when it shows.
      // (A string: functions compiled by tsx carry helpers the page does not have.)
      await page.addInitScript(`(() => {
        const check = () => {
          const name = document.querySelector('[data-testid="contact-name"]');
          if (name && name.offsetHeight > 0 && name.textContent.trim()) window.__nameVisibleAt = performance.now();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      })();`);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const scripts = new Map<string, { at: number; bytes: number }>();
      const isScript = new Set<string>();
      cdp.on('Network.responseReceived', (e) => e.type === 'Script' && isScript.add(e.requestId));
      cdp.on(
        'Network.loadingFinished',
        (e) => isScript.has(e.requestId) && scripts.set(e.requestId, { at: Date.now(), bytes: e.encodedDataLength }),
      );
      await page.goto(url, { waitUntil: 'load' });
      await page.waitForFunction('window.__nameVisibleAt !== undefined', null, { timeout: 60_000 });
      await page.waitForFunction("performance.getEntriesByName('vbc:interactive').length > 0", null, { timeout: 60_000 });
      const interactiveAt = Date.now();
      const sum = (until: number) => [...scripts.values()].filter((s) => s.at <= until).reduce((n, s) => n + s.bytes, 0);
      jsBefore.push(sum(interactiveAt));
      visible.push(Number(await page.evaluate('window.__nameVisibleAt')));
      interactive.push(Number(await page.evaluate("performance.getEntriesByName('vbc:interactive')[0].startTime")));
      await new Promise((r) => setTimeout(r, 5000)); // nothing more should load until the visitor acts
      js5s.push(sum(Date.now()));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return {
    visibleMs: median(visible),
    interactiveMs: median(interactive),
    jsBeforeKb: median(jsBefore) / 1024,
    jsFirst5sKb: median(js5s) / 1024,
    runs: visible,
  };
}

export async function benchCardPage() {
  const product = await startProduct();
  try {
    const url = product.cards['default layout'];
    if (!url) throw new Error(`no "default layout" demo card in: ${JSON.stringify(product.cards)}`);
    const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
    const lh = await lighthouseRuns(url, runs);
    // The same page in Arabic (issue 31): right to left, its own catalogue inlined.
    const arabicUrl = `${url}${url.includes('?') ? '&' : '?'}lang=ar`;
    const arabic = await lighthouseRuns(arabicUrl, runs);
    const name = await nameVisibleRuns(url, Number(process.env.BENCH_NAME_RUNS ?? 5));
    return { url, lighthouse: lh, arabic: { url: arabicUrl, lighthouse: arabic }, name };
  } finally {
    await stop(product.child);
    rmSync(product.dataDir, { recursive: true, force: true });
  }
}
