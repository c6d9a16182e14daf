// Card API throughput on PostgreSQL ÷ bare Fastify returning the same bytes, 50 connections,
// both measured in this run (issue 13 target: ≥ 0.8, p99 ≤ 10 ms). The app runs as the product
// runs: the server's own entry in its own process, at the default log level, its log (stdout,
// so JSON) going to a file as under a process manager; the load comes from this process.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = fileURLToPath(new URL('../..', import.meta.url));
const tsx = path.join(root, 'node_modules/.bin/tsx');
/** The server entry; BENCH_SERVER_MAIN points it at another build (e.g. an older commit's, for a before/after). */
const serverMain = process.env.BENCH_SERVER_MAIN ?? path.join(root, 'packages/server/src/main.ts');

/** serve-card.ts in `mode`: resolves with what it printed on its READY line. */
function helper(args: string[]): Promise<{ child: ChildProcess; port: number; path: string; body: string }> {
  const child = spawn(tsx, [`${here}serve-card.ts`, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /READY (\d+) (\S+) (\S*)/.exec(out);
      if (match) resolve({ child, port: Number(match[1]), path: match[2]!, body: match[3]! });
    });
    child.once('exit', (code) => reject(new Error(`bench helper exited with ${code}`)));
  });
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/**
 * The server as `npm start` runs it, on `databaseUrl`, with no LOG_LEVEL (the default), its
 * stdout in `logFile`. BENCH_CPU_PROF=<dir> writes a V8 CPU profile of it there on exit.
 */
async function startProduct(databaseUrl: string, logFile: string): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'vbc-bench-')), ADMIN_TOKEN: 'b'.repeat(32), SEED_DEMO: 'false' };
  delete env.LOG_LEVEL;
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', serverMain], { cwd: root, env, stdio: ['ignore', openSync(logFile, 'w'), 'inherit'] });
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false);
    if (ok) return { child, port };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start in 30 s');
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGINT');
  });

const load = (url: string, seconds: number) =>
  autocannon({ url, connections: 50, duration: seconds, pipelining: 1 });

export async function benchCardApi(seconds = 10) {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `vbc_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${name}`;
  const logFile = path.join(mkdtempSync(path.join(tmpdir(), 'vbc-bench-log-')), 'server.log');
  try {
    const seeded = await helper(['seed', dbUrl.toString()]);
    const product = await startProduct(dbUrl.toString(), logFile);
    const bare = await helper(['bare', seeded.body]);
    const app = { child: product.child, port: product.port, path: seeded.path };
    // Alternating rounds, best of each: a noisy neighbour on the machine hits both alike.
    const best: Record<string, autocannon.Result> = {};
    let requests = 0;
    await load(`http://127.0.0.1:${bare.port}${bare.path}`, 2); // warm-up
    requests += (await load(`http://127.0.0.1:${app.port}${app.path}`, 2)).requests.total;
    for (let round = 0; round < 2; round++) {
      for (const [label, server] of [['bare', bare], ['app', app]] as const) {
        const result = await load(`http://127.0.0.1:${server.port}${server.path}`, seconds / 2);
        if (label === 'app') requests += result.requests.total;
        if (!best[label] || result.requests.average > best[label].requests.average) best[label] = result;
      }
    }
    bare.child.kill();
    await stop(product.child);
    const lines = readFileSync(logFile, 'utf8').split('\n').filter((l) => l.includes('"reqId"')).length;
    const a = best.app!;
    const b = best.bare!;
    return {
      appRps: a.requests.average, bareRps: b.requests.average,
      ratio: a.requests.average / b.requests.average,
      appP99: a.latency.p99, bareP99: b.latency.p99, appP50: a.latency.p50,
      errors: a.errors + a.non2xx,
      /** Request log lines the server wrote per request it answered (1 at the default level). */
      logLinesPerRequest: lines / Math.max(1, requests),
      logFile,
    };
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
