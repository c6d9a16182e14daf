// Issue 28, "Signed-in reads near the ceiling": each read a signed-in phone makes on every screen,
// with a real session (Authorization: Bearer and X-Session-Id), at 50 connections on PostgreSQL,
// against a CEILING measured in the same run: a bare Fastify in its own process doing one indexed
// session lookup per request and answering a small JSON (session-ceiling.ts). The product runs as
// `npm start` runs it (product.ts: the built server, default settings, its own process); the load
// comes from a fresh process per round (signed-in-load.ts). Each round measures the ceiling, then
// each read right after it: a read's ratio is the median of its rounds' read ÷ ceiling.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deepenReader, deploymentDatabase, deploymentReads, explainReads, type TExplained, type TRead, type TSeed } from './deployment.ts';
import { benchDatabase, databaseUse, databaseUsed, helper, median, processCpuSeconds, runScript, startProduct, stop } from './product.ts';
import type { TLoad, TLoadFigure } from './signed-in-load.ts';
import { SEND_LIMIT } from '../../packages/server/src/conversations/write-conversations.ts';

const script = (name: string) => fileURLToPath(new URL(`./${name}`, import.meta.url));

/** The reads of issue 28's table, the message page and the send, by label. */
const reads = (seed: TSeed): TRead[] => [
  { label: 'GET /api/personalAccount/myAccount', path: '/api/personalAccount/myAccount' },
  { label: 'GET /api/vbc/recents', path: '/api/vbc/recents' },
  { label: 'GET /api/conversation', path: '/api/conversation' },
  { label: 'GET /api/conversation/haveUnseenMessages', path: '/api/conversation/haveUnseenMessages' },
  { label: 'GET /api/personalAccount/announcements', path: '/api/personalAccount/announcements' },
  { label: 'GET /api/directories', path: '/api/directories' },
  { label: 'GET /api/vbc/search?q=', path: `/api/vbc/search?q=${encodeURIComponent(seed.searchTerm)}` },
  { label: 'GET /api/conversation/{id}/messages', path: `/api/conversation/${seed.conversationId}/messages` },
  { label: 'POST /api/conversation/{id}/messages', path: '', send: true },
];

/** More sends a second than the send has reached on any host so far (3,300), with room. */
const MAX_SENDS_A_SECOND = 5000;

/**
 * The send's load takes turns among this many people: enough that none reaches the product's limit
 * of SEND_LIMIT sends a minute while the bench sends (its warm-up second and every round) at up to
 * MAX_SENDS_A_SECOND. With a fixed 1,000 a send faster than 2,300 a second met the limit within
 * one run of 3 rounds of 4 s, and 429s were measured among the sends.
 */
const sendersFor = (seconds: number, rounds: number) =>
  Math.max(1000, Math.ceil((MAX_SENDS_A_SECOND * (1 + rounds * seconds)) / SEND_LIMIT.limit));

/** A round's figures, with the CPU seconds the serving process and the database's backends used in it. */
type TMeasured = TLoadFigure & { serverCpu: number; databaseCpu: number };

export interface TSignedInRead {
  label: string;
  /** Best round's req/s, and the ceiling's best round. */
  rps: number;
  /** Median of the rounds' read ÷ the ceiling measured just before it. */
  ratio: number;
  ratios: number[];
  /**
   * Median of the rounds' read ÷ the same ceiling answering this read's own bytes, measured just
   * after it (a read of one path; not the send nor the random cards): what is left beyond the data.
   */
  ratioSame?: number;
  ratiosSame: number[];
  p50: number;
  /** The worst round's p99. */
  p99: number;
  /** Requests answered (latency samples) over all rounds, and those that failed or were not 2xx. */
  samples: number;
  errors: number;
  /** CPU µs per request over all rounds: the server's process (every thread), and the database's backends. */
  serverCpuUs: number;
  databaseCpuUs: number;
}

/**
 * A read's path (the first of its paths: the random cards' others stay out of the cache) answers
 * 200 with a body that parses as JSON, or the bench stops, naming it. Returns the body.
 */
async function expectJsonAnswer(app: string, read: TRead, headers: Record<string, string>): Promise<string> {
  const p = read.paths?.[0] ?? read.path;
  const res = await fetch(`${app}${p}`, { headers });
  const body = await res.text();
  try {
    if (res.status !== 200) throw new Error(`status ${res.status}`);
    JSON.parse(body);
  } catch (error) {
    throw new Error(`${read.label}: ${p} does not answer JSON (${(error as Error).message}): ${body.slice(0, 200)}`);
  }
  return body;
}

/**
 * The reads on a fresh small database, or with `deployment` on the deployment-sized one
 * (deployment.ts: generated once at that scale and kept), where the deployment's own reads are
 * measured too and every read's statements are explained first.
 */
export async function benchSignedIn(seconds = 4, rounds = 3, deployment?: { scale: number }) {
  const senders = sendersFor(seconds, rounds);
  const database: { url: string; name: string; adminUrl: string; drop: () => Promise<void>; generatedSeconds?: number | null } = deployment
    ? { ...(await deploymentDatabase(deployment.scale)), drop: async () => {} }
    : await benchDatabase();
  const dir = mkdtempSync(path.join(tmpdir(), 'vbc-bench-signed-in-'));
  const logFile = path.join(dir, 'server.log');
  try {
    const seeded = await helper(script('seed-signed-in.ts'), [database.url, String(senders), deployment ? 'deployment' : 'small']);
    const seed = JSON.parse(seeded.ready) as TSeed;
    let list = reads(seed);
    let explained: TExplained[] = [];
    if (deployment) {
      await deepenReader(database.url, seed, deployment.scale);
      list = [...list, ...(await deploymentReads(database.url, deployment.scale))];
    }
    // BENCH_READS: only the reads whose label holds one of these words (index.ts).
    const only = (process.env.BENCH_READS ?? '').split(',').filter(Boolean);
    if (only.length) list = list.filter((read) => only.some((word) => read.label.includes(word)));
    if (list.length === 0) throw new Error(`BENCH_READS=${process.env.BENCH_READS}: no read's label holds any of these words`);
    if (deployment) {
      explained = await explainReads(database.url, seed, list);
      writeFileSync(path.join(dir, 'plans.txt'), explained.map((e) => `## ${e.label}\n\n${e.plans.join('\n\n')}\n`).join('\n'));
    }
    const product = await startProduct(database.url, logFile);
    // `env` execs node itself, so the child's pid is the ceiling's process (its CPU is measured).
    const ceiling = await helper(script('session-ceiling.ts'), [database.url], ['env']);
    let sameBytes: Awaited<ReturnType<typeof helper>> | undefined;
    try {
      const app = `http://127.0.0.1:${product.port}`;
      const bare = `http://127.0.0.1:${ceiling.ready}`;
      // What is measured is a real answer: each read answers 200 with JSON that parses (the generated announcements
      // once answered `{,"isRead":…}`, their fields left empty by the load, and were measured so).
      const bodies: Record<string, string> = {};
      for (const read of list.filter((r) => !r.send)) {
        const body = await expectJsonAnswer(app, read, read.anonymous ? {} : seed.reader);
        if (!read.paths) bodies[read.path] = body;
      }
      /** A read of one path (only those have a body here), whose own bytes the second ceiling answers. */
      const hasSameBytes = (read: TRead) => bodies[read.path] !== undefined;
      const bodiesFile = path.join(dir, 'bodies.json');
      writeFileSync(bodiesFile, JSON.stringify(bodies));
      // The same ceiling answering each read's own bytes, in a process of its own.
      sameBytes = await helper(script('session-ceiling.ts'), [database.url, bodiesFile], ['env']);
      const same = `http://127.0.0.1:${sameBytes.ready}`;
      // The load's description in a file: thousands of senders' headers are too long for an argument.
      const loadFile = path.join(dir, 'load.json');
      const run = (load: TLoad) => {
        writeFileSync(loadFile, JSON.stringify(load));
        return runScript<TLoadFigure>(script('signed-in-load.ts'), [loadFile]);
      };
      /** A round of `read` against `url`, with the CPU the serving process (`pid`) and the database's backends used in it. */
      const measure = async (url: string, pid: number | undefined, read: Omit<TRead, 'label'>, s: number): Promise<TMeasured> => {
        const cpu = () => processCpuSeconds(pid);
        const [serverBefore, databaseBefore] = [cpu(), await databaseUse(database.adminUrl, database.name)];
        const figure = await run({
          url,
          seconds: s,
          path: read.path || '/',
          paths: read.paths,
          headers: read.anonymous ? {} : seed.reader,
          senders: read.send ? seed.senders : undefined,
        });
        const databaseCpu = databaseUsed(databaseBefore, await databaseUse(database.adminUrl, database.name)).cpuSeconds;
        return { ...figure, serverCpu: cpu() - serverBefore, databaseCpu };
      };
      // Warm-up: every path once (JIT, prepared statements on the pool's connections).
      await measure(bare, ceiling.child.pid, { path: '/' }, 1);
      for (const read of list) {
        await measure(app, product.child.pid, read, 1);
        if (hasSameBytes(read)) await measure(same, sameBytes.child.pid, read, 1);
      }
      const figures = new Map<string, { results: TMeasured[]; ratios: number[]; ratiosSame: number[] }>(
        list.map((r) => [r.label, { results: [], ratios: [], ratiosSame: [] }]),
      );
      const ceilings: TMeasured[] = [];
      for (let round = 0; round < rounds; round++) {
        for (const read of list) {
          // The ceiling always with the reader's session (a visitor's read is measured against it too).
          const base = await measure(bare, ceiling.child.pid, { path: read.path || '/' }, seconds);
          const result = await measure(app, product.child.pid, read, seconds);
          ceilings.push(base);
          const f = figures.get(read.label)!;
          f.results.push(result);
          f.ratios.push(result.rps / base.rps);
          if (hasSameBytes(read)) f.ratiosSame.push(result.rps / (await measure(same, sameBytes.child.pid, read, seconds)).rps);
        }
      }
      const best = (results: TMeasured[]) => results.reduce((a, b) => (b.rps > a.rps ? b : a));
      const perRequestUs = (results: TMeasured[], seconds: (r: TMeasured) => number) =>
        (results.reduce((sum, r) => sum + seconds(r), 0) * 1e6) /
        Math.max(
          1,
          results.reduce((n, r) => n + r.requests, 0),
        );
      const summary = (label: string, results: TMeasured[], ratios: number[], ratiosSame: number[] = []): TSignedInRead => ({
        label,
        rps: best(results).rps,
        ratio: median(ratios),
        ratios,
        ratioSame: ratiosSame.length ? median(ratiosSame) : undefined,
        ratiosSame,
        p50: median(results.map((r) => r.p50)),
        p99: Math.max(...results.map((r) => r.p99)),
        samples: results.reduce((n, r) => n + r.requests, 0),
        errors: results.reduce((n, r) => n + r.errors, 0),
        serverCpuUs: perRequestUs(results, (r) => r.serverCpu),
        databaseCpuUs: perRequestUs(results, (r) => r.databaseCpu),
      });
      return {
        ceiling: summary(
          'ceiling: one indexed session lookup',
          ceilings,
          ceilings.map(() => 1),
        ),
        reads: list.map((r) => {
          const f = figures.get(r.label)!;
          return summary(r.label, f.results, f.ratios, f.ratiosSame);
        }),
        logFile,
        explained,
        plansFile: path.join(dir, 'plans.txt'),
        generatedSeconds: database.generatedSeconds ?? null,
      };
    } finally {
      ceiling.child.kill();
      sameBytes?.child.kill();
      await stop(product.child);
    }
  } finally {
    await database.drop();
  }
}
