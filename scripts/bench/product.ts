// The product as the benchmarks run it: the built server (`npm run build`) in its own process,
// as production runs it (`node <the start script's flags> packages/server/dist/main.js`), with default settings (no
// LOG_LEVEL: info), its stdout (JSON log) in a file as under a process manager, on a database
// of its own created for the run on BENCH_DATABASE_URL's PostgreSQL server.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, openSync } from 'node:fs';
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

/**
 * Runs a bench helper script (TypeScript, through tsx) and resolves with the first line it
 * prints that starts with `READY `, without that word; the helper keeps running.
 */
export function helper(script: string, args: string[]): Promise<{ child: ChildProcess; ready: string }> {
  const child = spawn(tsx, [script, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
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

/** A fresh database on the benchmark's PostgreSQL server, dropped by `drop()`. */
export async function benchDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `vbc_bench_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** The operator token the benchmarks' server runs with (`Authorization: Bearer` for /api/admin). */
export const BENCH_ADMIN_TOKEN = 'b'.repeat(32);

/**
 * The built server on `databaseUrl`, default settings (plus `extraEnv`, e.g. a test switch a
 * bench needs), its stdout in `logFile`. BENCH_CPU_PROF=<dir> writes a V8 CPU profile of it there on exit.
 */
export async function startProduct(databaseUrl: string, logFile: string, extraEnv: Record<string, string> = {}): Promise<{ child: ChildProcess; port: number }> {
  // As npm start does: a source change since the last build is built first, never measured stale.
  if (!process.env.BENCH_SERVER_MAIN) await ensureBuilt();
  if (!existsSync(serverMain)) throw new Error(`${serverMain} is missing: run npm run build first`);
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'vbc-bench-')),
    ADMIN_TOKEN: BENCH_ADMIN_TOKEN, SEED_DEMO: 'false', ...extraEnv,
  };
  delete env.LOG_LEVEL;
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...profile, serverMain], { cwd: root, env, stdio: ['ignore', openSync(logFile, 'w'), 'inherit'] });
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false);
    if (ok) return { child, port };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start in 60 s');
}

/** Stops a child process (SIGINT: the server closes gracefully) and waits for it to exit. */
export const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGINT');
  });

/** The value at percentile `p` of `values`, rounded to 0.1. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round((sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0) * 10) / 10;
}
