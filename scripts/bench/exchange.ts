// The exchange POST (issue 26: a visitor leaves their details on a card) at 50 connections on
// PostgreSQL, the product as `npm start` runs it (product.ts: the built server in its own process,
// default settings), against a baseline measured on the same server in the same run: the public
// card read (GET /api/vbc/virtualcontact/{quickId}) at 50 connections. Each exchange is a new
// person (a fresh e-mail and clientRequestId), so every request writes a lead; it includes the
// hub event, the queued push (the owner has no connection and no device: the work to find none)
// and the queued webhook (the owner has a lead.created webhook to a local receiver, as a CRM would:
// the outbox row is written in the exchange's transaction, and the server delivers it meanwhile;
// BENCH_EXCHANGE_WEBHOOK=false leaves it out). The server trusts X-Forwarded-For from loopback (TRUST_PROXY=loopback) and every request
// comes from its own client address, spread over enough cards to stay under the per-card limit:
// the limits are checked, never hit.
// `npx tsx scripts/bench/exchange.ts [seconds]` runs it alone and prints its JSON.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { buildApp } from '../../packages/server/src/app.ts';
import { loadConfig } from '../../packages/server/src/platform/config/config.ts';
import { openDatabase } from '../../packages/server/src/platform/db/client.ts';
import { buildAccount, buildCard } from '../../packages/server/src/test/factories.ts';
import {
  BENCH_ADMIN_TOKEN,
  benchDatabase,
  databaseUse,
  databaseUsed,
  helper,
  median,
  processCpuSeconds,
  startProduct,
  stop,
} from './product.ts';

/**
 * Cards the exchanges are spread over: each takes EXCHANGE_CARD_LIMIT (200) a day, so this many
 * allow 200,000 exchanges, several times what the fastest variant stores in a run (without the
 * webhook, about 35,000). With 200 cards that variant ran out and measured refusals.
 */
const CARDS = 1000;

/**
 * Migrates the database and makes one owner with CARDS cards; their quickIds. With `webhookUrl`,
 * the owner has a `lead.created` webhook there (a CRM's), so each exchange also queues its
 * delivery in the outbox, in the exchange's transaction.
 */
export async function seed(databaseUrl: string, webhookUrl?: string): Promise<string[]> {
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'vbc-bench-')),
    DATABASE_URL: databaseUrl,
    ADMIN_TOKEN: BENCH_ADMIN_TOKEN,
    ALLOW_INSECURE_OUTBOUND: 'true',
  });
  const database = await openDatabase({ url: databaseUrl, dataDir: '', maxConnections: 4 });
  const app = await buildApp({ config, database, logger: false, webhooks: { dispatch: false } });
  try {
    const owner = await buildAccount(app, { name: 'Bench Owner' });
    if (webhookUrl) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/webhooks',
        headers: owner.headers,
        payload: { url: webhookUrl, events: ['lead.created'] },
      });
      if (res.statusCode !== 201) throw new Error(`POST /api/webhooks: ${res.statusCode} ${res.body}`);
    }
    const quickIds: string[] = [];
    for (let i = 0; i < CARDS; i++) {
      quickIds.push((await buildCard(app, { wall: { boards: [] } }, { ownerAccountId: owner.account.id })).quickId);
    }
    return quickIds;
  } finally {
    await app.close();
    await database.close();
  }
}

interface TRound {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  statuses: Record<string, number>;
  /**
   * The server's CPU ms per request (its process, every thread), the database backends' CPU ms per
   * request, WAL flushes per request, and the database's transactions per request (a statement
   * outside a transaction is one: the batched writes' and the push lookups'). None depends much on the host's load.
   */
  perRequest: { serverCpuMs: number; databaseCpuMs: number; walSyncs: number; transactions: number };
}

/** The product under load: its port and process, and the database it runs on. */
interface TTarget {
  port: number;
  pid: number | undefined;
  database: { name: string; adminUrl: string };
}

/** 50 connections for `seconds` on one request kind. */
async function round(target: TTarget, seconds: number, request: autocannon.Request): Promise<TRound> {
  const { port } = target;
  const statuses: Record<string, number> = {};
  const cpuBefore = processCpuSeconds(target.pid);
  const databaseBefore = await databaseUse(target.database.adminUrl, target.database.name);
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: `http://127.0.0.1:${port}`, connections: 50, pipelining: 1, duration: seconds, requests: [request] },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, statusCode) => {
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
  });
  const database = databaseUsed(databaseBefore, await databaseUse(target.database.adminUrl, target.database.name));
  const per = (value: number) => Math.round((value / Math.max(1, result.requests.total)) * 1000) / 1000;
  return {
    perRequest: {
      serverCpuMs: per((processCpuSeconds(target.pid) - cpuBefore) * 1000),
      databaseCpuMs: per(database.cpuSeconds * 1000),
      walSyncs: per(database.walSyncs),
      transactions: per(database.commits),
    },
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    statuses,
  };
}

export async function benchExchange(seconds = 10) {
  const database = await benchDatabase();
  const logFile = path.join(mkdtempSync(path.join(tmpdir(), 'vbc-bench-log-')), 'server.log');
  // The owner's CRM: a local receiver in a process of its own (webhook-receiver.ts) that answers
  // 200 (BENCH_EXCHANGE_WEBHOOK=false: no webhook).
  const withWebhook = process.env.BENCH_EXCHANGE_WEBHOOK !== 'false';
  const receiver = await helper(fileURLToPath(new URL('./webhook-receiver.ts', import.meta.url)), []);
  const receiverUrl = `http://127.0.0.1:${receiver.ready}`;
  const webhooksReceived = async () => ((await (await fetch(`${receiverUrl}/received`)).json()) as { received: number }).received;
  try {
    const webhookUrl = `${receiverUrl}/crm`;
    const quickIds = await seed(database.url, withWebhook ? webhookUrl : undefined);
    const product = await startProduct(database.url, logFile, { TRUST_PROXY: 'loopback', ALLOW_INSECURE_OUTBOUND: 'true' });
    let n = 0;
    const exchangeRequest: autocannon.Request = {
      method: 'POST',
      setupRequest: (request) => {
        const i = n++;
        const body = JSON.stringify({
          name: `Bench Visitor ${i}`,
          email: `visitor-${i}-${randomUUID().slice(0, 8)}@bench.example`,
          phone: null,
          company: 'Bench & Co.',
          jobTitle: 'Tester',
          note: 'Met at the bench',
          consent: true,
          sendMeTheCard: false,
          clientRequestId: randomUUID(),
          source: 'qr',
          fillMs: 5000,
        });
        return {
          ...request,
          path: `/api/vbc/virtualcontact/${quickIds[i % quickIds.length]}/exchange`,
          headers: {
            'content-type': 'application/json',
            'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
          },
          body,
        };
      },
    };
    const cardRequest: autocannon.Request = { method: 'GET', path: `/api/vbc/virtualcontact/${quickIds[0]}` };

    // Warm-up, then alternating rounds (BENCH_ROUNDS, 3 by default): the baseline then the exchange.
    const target: TTarget = { port: product.port, pid: product.child.pid, database };
    await round(target, 2, cardRequest);
    await round(target, 2, exchangeRequest);
    const rounds: { card: TRound; exchange: TRound }[] = [];
    for (let i = 0; i < Number(process.env.BENCH_ROUNDS ?? 3); i++) {
      const card = await round(target, seconds / 2, cardRequest);
      const exchange = await round(target, seconds / 2, exchangeRequest);
      rounds.push({ card, exchange });
    }
    await stop(product.child);
    const log = readFileSync(logFile, 'utf8');
    const serverErrors = log.split('\n').filter((l) => l.includes('"level":50')).length;
    const worst = (pick: (r: { card: TRound; exchange: TRound }) => TRound, key: 'p99' | 'p50') =>
      Math.max(...rounds.map((r) => pick(r)[key]));
    return {
      /** Whether the owner had a lead.created webhook, and how many deliveries its receiver got by the end. */
      webhook: { subscribed: withWebhook, received: await webhooksReceived() },
      exchange: {
        p50: median(rounds.map((r) => r.exchange.p50)),
        p99: worst((r) => r.exchange, 'p99'),
        rps: median(rounds.map((r) => r.exchange.rps)),
        requests: rounds.reduce((sum, r) => sum + r.exchange.requests, 0),
        errors: rounds.reduce((sum, r) => sum + r.exchange.errors, 0),
        statuses: rounds.map((r) => r.exchange.statuses),
        perRequest: {
          serverCpuMs: median(rounds.map((r) => r.exchange.perRequest.serverCpuMs)),
          databaseCpuMs: median(rounds.map((r) => r.exchange.perRequest.databaseCpuMs)),
          walSyncs: median(rounds.map((r) => r.exchange.perRequest.walSyncs)),
          transactions: median(rounds.map((r) => r.exchange.perRequest.transactions)),
        },
      },
      card: {
        p50: median(rounds.map((r) => r.card.p50)),
        p99: worst((r) => r.card, 'p99'),
        rps: median(rounds.map((r) => r.card.rps)),
      },
      /** Exchange p99 ÷ card read p99, median of the rounds. */
      p99Ratio: median(rounds.map((r) => r.exchange.p99 / Math.max(0.1, r.card.p99))),
      /** Card read req/s ÷ exchange req/s, median of the rounds. */
      rpsRatio: median(rounds.map((r) => r.card.rps / Math.max(1, r.exchange.rps))),
      rounds,
      serverErrors,
      logFile,
    };
  } finally {
    await stop(receiver.child);
    await database.drop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  console.log(JSON.stringify(await benchExchange(Number(process.argv[2] ?? 10))));
}
