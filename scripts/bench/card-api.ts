// Card API throughput on PostgreSQL ÷ bare Fastify returning the card's body (issue 13's baseline
// and target: ≥ 0.8, p99 ≤ 10 ms), and ÷ Fastify returning the same response, headers included;
// 50 connections, all measured in this run. The app runs as the product runs (product.ts: the
// built server in its own process, `npm start`'s Node flags, default log level, its JSON log in a
// file); the load comes from a fresh autocannon process each round.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type autocannon from 'autocannon';
import { benchDatabase, helper, median, startProduct, stop, type TWrap } from './product.ts';

const serveCard = fileURLToPath(new URL('./serve-card.ts', import.meta.url));

/** serve-card.ts in `mode` (under `wrap` when given): what it printed on its READY line. */
export async function serveCardHelper(args: string[], wrap: TWrap = []) {
  const { child, ready } = await helper(serveCard, args, wrap);
  const [port, urlPath, body, headers] = ready.split(' ');
  return { child, port: Number(port), path: urlPath!, body: body ?? '', headers: headers ?? '' };
}

const autocannonCli = path.join(fileURLToPath(new URL('../..', import.meta.url)), 'node_modules/.bin/autocannon');

/**
 * A fresh autocannon process on `url` with `options` (`--connections`, `--duration`…): a load
 * generator that lived through every round kept whichever core the scheduler first gave it, and
 * whole runs came out 0.1 apart while their rounds agreed.
 */
export function autocannonRun(url: string, options: string[]): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    execFile(autocannonCli, ['--json', '--pipelining', '1', ...options, url], { maxBuffer: 16 * 1024 * 1024 }, (error, stdout) => {
      if (error) reject(error);
      else resolve(JSON.parse(stdout) as autocannon.Result);
    });
  });
}

/** 50 connections on `url` for `seconds`. */
const load = (url: string, seconds: number) => autocannonRun(url, ['--connections', '50', '--duration', String(seconds)]);

export async function benchCardApi(seconds = 10) {
  const database = await benchDatabase();
  const logFile = path.join(mkdtempSync(path.join(tmpdir(), 'vbc-bench-log-')), 'server.log');
  try {
    const seeded = await serveCardHelper(['seed', database.url]);
    const product = await startProduct(database.url, logFile);
    // Two baselines: Fastify returning the card's body with a content type alone (issue 13's), and
    // Fastify returning the same response, headers and body (the API's security headers, its
    // cache-control and a request id of the same length): what the server itself costs.
    const bare = await serveCardHelper(['bare', seeded.body]);
    const same = await serveCardHelper(['bare', seeded.body, seeded.headers]);
    const app = { child: product.child, port: product.port, path: seeded.path };
    // Alternating rounds (BENCH_ROUNDS, 4 by default), the baselines then the app back to back: a
    // ratio is the median of each round's app/baseline, so a noisy neighbour that hits one run
    // moves one ratio of several, not the figure. The req/s shown are each side's best round; the
    // app's p99 is its worst round's, and its errors are counted over every round.
    const best: Record<string, autocannon.Result> = {};
    const ratios: number[] = [];
    const ratiosSame: number[] = [];
    let requests = 0;
    let errors = 0;
    let worstP99 = 0;
    await load(`http://127.0.0.1:${bare.port}${bare.path}`, 2); // warm-up
    requests += (await load(`http://127.0.0.1:${app.port}${app.path}`, 2)).requests.total;
    for (let round = 0; round < Number(process.env.BENCH_ROUNDS ?? 4); round++) {
      const pair: Record<string, number> = {};
      for (const [label, server] of [
        ['bare', bare],
        ['same', same],
        ['app', app],
      ] as const) {
        const result = await load(`http://127.0.0.1:${server.port}${server.path}`, seconds / 2);
        if (label === 'app') {
          requests += result.requests.total;
          errors += result.errors + result.non2xx;
          worstP99 = Math.max(worstP99, result.latency.p99);
        }
        pair[label] = result.requests.average;
        if (!best[label] || result.requests.average > best[label].requests.average) best[label] = result;
      }
      ratios.push(pair.app! / pair.bare!);
      ratiosSame.push(pair.app! / pair.same!);
    }
    bare.child.kill();
    same.child.kill();
    await stop(product.child);
    const lines = readFileSync(logFile, 'utf8')
      .split('\n')
      .filter((l) => l.includes('"reqId"')).length;
    const a = best.app!;
    const b = best.bare!;
    return {
      appRps: a.requests.average,
      bareRps: b.requests.average,
      sameRps: best.same!.requests.average,
      ratio: median(ratios),
      ratios,
      ratioSame: median(ratiosSame),
      ratiosSame,
      appP99: worstP99,
      bareP99: b.latency.p99,
      appP50: a.latency.p50,
      errors,
      /** Request log lines the server wrote per request it answered (1 at the default level). */
      logLinesPerRequest: lines / Math.max(1, requests),
      logFile,
    };
  } finally {
    await database.drop();
  }
}
