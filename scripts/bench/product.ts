// The product as the benchmarks run it: the built server (`npm run build`) in its own process,
// as production runs it (`node <the start script's flags> packages/server/dist/main.js`), with default settings (no
// LOG_LEVEL: info), its stdout (JSON log) in a file as under a process manager, on a database
// of its own created for the run on BENCH_DATABASE_URL's PostgreSQL server.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ensureBuilt } from '../ensure-built.mjs';
import { SERVER_NODE_FLAGS } from '../server-node-flags.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const tsx = path.join(root, 'node_modules/.bin/tsx');
/**
 * The built server entry. BENCH_SERVER_MAIN points it at another build (e.g. an older
 * commit's, for a before/after).
 */
const serverMain = process.env.BENCH_SERVER_MAIN ?? path.join(root, 'packages/server/dist/main.js');

export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** A command a process runs under (`valgrind --tool=callgrind …`): the process's own command follows it. */
export type TWrap = string[];

/**
 * Runs a bench helper script (TypeScript, through tsx) and resolves with the first line it
 * prints that starts with `READY `, without that word; the helper keeps running. Under `wrap`,
 * node loads tsx itself (`--import tsx`), so the wrapper sees the helper's own process.
 */
export function helper(script: string, args: string[], wrap: TWrap = []): Promise<{ child: ChildProcess; ready: string }> {
  const [command, ...rest] = wrap.length ? [...wrap, process.execPath, '--import', 'tsx', script, ...args] : [tsx, script, ...args];
  const child = spawn(command!, rest, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /^READY (.*)\n/m.exec(out);
      if (match) resolve({ child, ready: match[1]! });
    });
    child.once('exit', (code) => reject(new Error(`bench helper ${path.basename(script)} exited with ${code}`)));
  });
}

/**
 * Runs a bench script (TypeScript, through tsx) to its end in a process of its own and resolves
 * with its last line of output, parsed as JSON. A section measured this way gets a fresh load
 * generator: in the one bench process, the earlier sections' garbage was collected during its
 * sends (hub200 p99 33.9 ms right after the send section, 17–18 ms alone).
 */
export function runScript<T>(script: string, args: string[]): Promise<T> {
  const child = spawn(tsx, [script, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      const last = out.trim().split('\n').pop() ?? '';
      if (code !== 0) return reject(new Error(`bench script ${path.basename(script)} exited with ${code}`));
      try {
        resolve(JSON.parse(last) as T);
      } catch {
        reject(new Error(`bench script ${path.basename(script)} ended without a JSON line: ${last.slice(0, 200)}`));
      }
    });
  });
}

/** A fresh database on the benchmark's PostgreSQL server, dropped by `drop()`. */
export async function benchDatabase(): Promise<{ url: string; name: string; adminUrl: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `vbc_bench_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    adminUrl,
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** The HOST the benchmarks' server listens on (loopback only). */
export const PRODUCT_HOST = '127.0.0.1';

/** The operator token the benchmarks' server runs with (`Authorization: Bearer` for /api/admin). */
export const BENCH_ADMIN_TOKEN = 'b'.repeat(32);

/**
 * The built server on `databaseUrl`, default settings (plus `extraEnv`, e.g. a test switch a
 * bench needs), its stdout in `logFile`, run under `wrap` when given (it then gets 5 minutes to
 * start instead of 1). BENCH_CPU_PROF=<dir> writes a V8 CPU profile of it there on exit.
 */
export async function startProduct(
  databaseUrl: string,
  logFile: string,
  extraEnv: Record<string, string> = {},
  wrap: TWrap = [],
): Promise<{ child: ChildProcess; port: number }> {
  // As npm start does: a source change since the last build is built first, never measured stale.
  if (!process.env.BENCH_SERVER_MAIN) await ensureBuilt();
  if (!existsSync(serverMain)) throw new Error(`${serverMain} is missing: run npm run build first`);
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: PRODUCT_HOST,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'vbc-bench-')),
    ADMIN_TOKEN: BENCH_ADMIN_TOKEN,
    SEED_DEMO: 'false',
    ...extraEnv,
  };
  delete env.LOG_LEVEL;
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  // BENCH_NODE_FLAGS: more node flags for a diagnostic (e.g. --trace-gc, whose lines go to the server's log).
  const diagnostic = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const [command, ...args] = [...wrap, process.execPath, ...SERVER_NODE_FLAGS, ...profile, ...diagnostic, serverMain];
  const child = spawn(command!, args, { cwd: root, env, stdio: ['ignore', openSync(logFile, 'w'), 'inherit'] });
  const seconds = wrap.length ? 300 : 60;
  for (let i = 0; i < seconds * 10; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, port };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start in ${seconds} s`);
}

/** Stops a child process (SIGINT: the server closes gracefully) and waits for it to exit. */
export const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGINT');
  });

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The value at percentile `p` of `values`, rounded to 0.1. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round((sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0) * 10) / 10;
}

/** What databaseUse reads: each backend's CPU seconds so far, the server's WAL flushes so far, and the database's committed transactions so far. */
export interface TDatabaseUse {
  backends: Map<number, number>;
  walSyncs: number;
  commits: number;
}

/**
 * The PostgreSQL backends serving one database (on this host; Linux /proc) and the server's WAL
 * flushes (pg_stat_wal counts every database's, so other load on the server counts too). Two
 * readings, before and after a round, give the database's share of the round's work (databaseUsed).
 */
export async function databaseUse(adminUrl: string, name: string): Promise<TDatabaseUse> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [name]);
    const [wal] = (await admin.query<{ wal_sync: string }>('select wal_sync::text from pg_stat_wal')).rows;
    // Statistics are reported at a backend's transaction end (and at most every second): read fresh.
    await admin.query('select pg_stat_clear_snapshot()');
    const [db] = (await admin.query<{ xact_commit: string }>('select xact_commit::text from pg_stat_database where datname = $1', [name]))
      .rows;
    return {
      backends: new Map(rows.map(({ pid }) => [pid, cpuOf(pid).main])),
      walSyncs: Number(wal?.wal_sync ?? 0),
      commits: Number(db?.xact_commit ?? 0),
    };
  } finally {
    await admin.end();
  }
}

/**
 * The CPU seconds, WAL flushes and committed transactions (each statement outside a transaction is
 * one; the readings' own queries count a few) between two databaseUse readings (a backend started
 * in between counts from 0).
 */
export const databaseUsed = (before: TDatabaseUse, after: TDatabaseUse) => ({
  cpuSeconds: [...after.backends].reduce((sum, [pid, seconds]) => sum + seconds - (before.backends.get(pid) ?? 0), 0),
  walSyncs: after.walSyncs - before.walSyncs,
  commits: after.commits - before.commits,
});

/** CPU seconds a process has used in all (every thread; cpuOf splits them). */
export function processCpuSeconds(pid: number | undefined): number {
  const { main, others } = cpuOf(pid);
  return main + others;
}

/** CPU seconds a process has used (Linux /proc; 0 elsewhere): its main thread (the event loop) and its other threads (workers, libuv, GC). */
export function cpuOf(pid: number | undefined): { main: number; others: number } {
  const ticks = (file: string) => {
    const stat = readFileSync(file, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  };
  try {
    let others = 0;
    let main = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const t = ticks(`/proc/${pid}/task/${tid}/stat`);
      if (Number(tid) === pid) main = t;
      else others += t;
    }
    return { main, others };
  } catch {
    return { main: 0, others: 0 };
  }
}
