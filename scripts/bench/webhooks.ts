/**
 * Webhook delivery (issue 26): deliveries per second from the outbox to a local receiver, and the
 * message send path's p99 while the dispatcher works through a backlog, against its quiet value in
 * the same run.
 *   npx tsx scripts/bench/webhooks.ts [events=10000] [pairs=200] [sends=300]
 * The product as `npm start` runs it (product.ts: the built server in its own process, default
 * settings, PostgreSQL, ALLOW_INSECURE_OUTBOUND so it may deliver to 127.0.0.1) delivers; the
 * receiver (node:http, answers 200 at once) and the load run here. The data is written beforehand
 * by an app in this process whose dispatcher is off (it also writes the backlog, in one
 * transaction, so the whole backlog is due at once and the bench times the dispatch alone).
 * Every measured send goes to a recipient with a message.received webhook, so each one also
 * records an event (the send's transaction path) in both phases.
 */
import { mkdtempSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../packages/server/src/app.ts';
import { loadConfig } from '../../packages/server/src/platform/config/config.ts';
import { openDatabase } from '../../packages/server/src/platform/db/client.ts';
import { buildPerson, startConversation } from '../../packages/server/src/test/conversations-support.ts';
import { buildAccount } from '../../packages/server/src/test/factories.ts';
import { BENCH_ADMIN_TOKEN, benchDatabase, processCpuSeconds, startProduct, stop } from './product.ts';

/** Events of the backlog delivered across a SIGKILL of one of two instances. */
const KILL_EVENTS = 2000;

/** The data the product starts on: `pairs` conversations whose recipients have a message.received webhook, and one account with a lead.created webhook. */
async function seed(app: FastifyInstance, pairs: number, receiverUrl: string) {
  const subscribe = async (headers: Record<string, string>, events: string[], hookPath: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/webhooks', headers, payload: { url: `${receiverUrl}${hookPath}`, events } });
    if (res.statusCode !== 201) throw new Error(`POST /api/webhooks: ${res.statusCode} ${res.body}`);
  };
  const out: { conversationId: string; senderToken: string }[] = [];
  const makePair = async () => {
    const [sender, recipient] = await Promise.all([buildPerson(app, 'Sender'), buildPerson(app, 'Recipient')]);
    await subscribe(recipient.headers, ['message.received'], '/messages');
    const { personalConversationId } = await startConversation(app, sender, recipient, 'hello');
    out.push({ conversationId: personalConversationId, senderToken: sender.accessToken });
  };
  for (let i = 0; i < pairs; i += 20) await Promise.all(Array.from({ length: Math.min(20, pairs - i) }, makePair));
  const leadOwner = await buildAccount(app);
  await subscribe(leadOwner.headers, ['lead.created'], '/backlog');
  return { pairs: out, leadOwnerId: leadOwner.account.id };
}

/** `events` lead.created events for `accountId` in one transaction (all due when it commits; the product hears the outbox's NOTIFY). */
async function writeBacklog(app: FastifyInstance, accountId: string, events: number) {
  await app.db.transaction(async (tx) => {
    for (let i = 0; i < events; i++) {
      await app.integrationEvents.record(tx, {
        type: 'lead.created',
        accountId,
        corporateAccountId: null,
        data: { leadId: `lead-${i}`, name: 'Bench Lead', email: `lead-${i}@example.test` },
        occurredAt: new Date(),
      });
    }
  });
}

export interface TWebhookBench {
  events: number;
  /** Backlog deliveries per second, first to last received. */
  deliveriesPerSecond: number;
  seconds: number;
  /** Requests the receiver got for the backlog: events plus any delivered twice. */
  received: number;
  /** The server's CPU (its process, every thread) per backlog delivery, sends included, in ms. */
  cpuPerDeliveryMs: number;
  /**
   * The SIGKILL phase: events written, how many had arrived at the kill, how many distinct arrived
   * in the end, requests in all, and the repeats in two kinds (repeats()).
   */
  kill: { events: number; killedAt: number; delivered: number; received: number; repeatedAfterKill: number; repeatedOtherwise: number };
  quiet: { p50: number; p99: number; sends: number };
  during: { p50: number; p99: number; sends: number };
}

/** One request of the backlog at the receiver: the connection it came on, and when (performance.now()). */
interface TArrival {
  socket: Socket;
  at: number;
}

/**
 * The kill phase's repeats in two kinds, by the instance that sent each copy: the killed one's
 * connections are closed by its death, the survivor's stay open (the receiver keeps idle ones).
 * After the kill: an event the killed instance sent and the survivor sent again — the first died
 * before marking it delivered, the second claimed it once its lease ended (at least once:
 * unavoidable, and the same webhook-id lets a receiver drop it). Otherwise: an event one instance
 * sent twice, or the survivor sent while the killed one lived — a double claim or a lease that ran
 * out under a live instance: a bug.
 */
function repeats(arrivals: Map<string, TArrival[]>, killedAt: number) {
  let repeatedAfterKill = 0;
  let repeatedOtherwise = 0;
  for (const copies of arrivals.values()) {
    if (copies.length < 2) continue;
    const byKilled = copies.filter((c) => c.socket.destroyed);
    const bySurvivor = copies.filter((c) => !c.socket.destroyed);
    if (byKilled.length === 1 && bySurvivor.length === 1 && bySurvivor[0]!.at > killedAt) repeatedAfterKill++;
    else repeatedOtherwise += copies.length - 1;
  }
  return { repeatedAfterKill, repeatedOtherwise };
}

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const round = (n: number) => Math.round(n * 10) / 10;

export async function benchWebhooks(events = 10_000, pairCount = 200, sends = 300): Promise<TWebhookBench> {
  const backlog = new Set<string>();
  /** Each backlog webhook-id's arrivals, by the connection each came on (repeats()). */
  let arrivals = new Map<string, TArrival[]>();
  let killedAt = Infinity;
  let backlogRequests = 0;
  let first = 0;
  let last = 0;
  const receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      if (request.url === '/backlog') {
        const now = performance.now();
        if (backlogRequests++ === 0) first = now;
        last = now;
        const id = String(request.headers['webhook-id']);
        backlog.add(id);
        const seen = arrivals.get(id);
        const arrival = { socket: request.socket, at: now };
        if (seen) seen.push(arrival);
        else arrivals.set(id, [arrival]);
      }
      response.writeHead(200).end('ok');
    });
  });
  // Connections stay open until their sender goes (a SIGKILL closes the killed instance's), so
  // the connection an arrival came on says which instance sent it (repeats()).
  receiver.keepAliveTimeout = 30 * 60_000;
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

  const database = await benchDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vbc-bench-'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: database.url, ADMIN_TOKEN: BENCH_ADMIN_TOKEN, ALLOW_INSECURE_OUTBOUND: 'true' };
  const seedDatabase = await openDatabase({ url: database.url, dataDir: '', maxConnections: 4 });
  const seedApp = await buildApp({ config: loadConfig(env), database: seedDatabase, logger: false, webhooks: { dispatch: false } });
  const children: ChildProcess[] = [];
  try {
    const { pairs, leadOwnerId } = await seed(seedApp, pairCount, receiverUrl);
    const logFile = path.join(mkdtempSync(path.join(tmpdir(), 'vbc-bench-log-')), 'server.log');
    const started = await startProduct(database.url, logFile, { ALLOW_INSECURE_OUTBOUND: 'true' });
    children.push(started.child);
    const { port } = started;
    const serverCpu = () => processCpuSeconds(started.child.pid);

    let turn = 0;
    const sendOne = async (): Promise<number> => {
      const pair = pairs[turn++ % pairs.length]!;
      const t0 = performance.now();
      const res = await fetch(`http://127.0.0.1:${port}/api/conversation/${pair.conversationId}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${pair.senderToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ message: `bench message ${'x'.repeat(80)}`, clientMessageId: randomUUID() }),
      });
      if (res.status !== 201) throw new Error(`send: ${res.status} ${await res.text()}`);
      return performance.now() - t0;
    };
    /** `count` sends, 4 at a time (or until `until` says stop); sorted latencies. */
    const sendPhase = async (count: number, until: () => boolean = () => false): Promise<number[]> => {
      const latencies: number[] = [];
      let started = 0;
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          while (started < count && !until()) {
            started++;
            latencies.push(await sendOne());
          }
        }),
      );
      return latencies.sort((a, b) => a - b);
    };
    const figures = (l: number[]) => ({ p50: round(percentile(l, 50)), p99: round(percentile(l, 99)), sends: l.length });

    for (let k = 0; k < 20; k++) await sendOne(); // warm-up
    await new Promise((r) => setTimeout(r, 1000));
    const quiet = await sendPhase(sends);

    await writeBacklog(seedApp, leadOwnerId, events);
    const cpuBefore = serverCpu();
    // The send path while the dispatcher delivers the backlog (sends stop when it is done).
    const during = await sendPhase(sends * 10, () => backlog.size >= events);
    const deadline = Date.now() + 300_000;
    while (backlog.size < events && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));

    const cpuMs = (serverCpu() - cpuBefore) * 1000;
    const seconds = (last - first) / 1000;
    const throughput = { events: backlog.size, received: backlogRequests };

    // A second instance, then a SIGKILL of the first while both deliver another backlog: the
    // second delivers what the first had claimed once its lease ends (WEBHOOK_CLAIM_LEASE_MS).
    const second = await startProduct(database.url, `${logFile}.2`, { ALLOW_INSECURE_OUTBOUND: 'true' });
    children.push(second.child);
    backlog.clear();
    arrivals = new Map();
    backlogRequests = 0;
    await writeBacklog(seedApp, leadOwnerId, KILL_EVENTS);
    while (backlog.size < KILL_EVENTS / 3) await new Promise((r) => setTimeout(r, 5));
    started.child.kill('SIGKILL');
    killedAt = performance.now();
    const deliveredAtKill = backlog.size;
    const killDeadline = Date.now() + 300_000;
    while (backlog.size < KILL_EVENTS && Date.now() < killDeadline) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 1000)); // anything repeated after the last new one
    return {
      events: throughput.events,
      deliveriesPerSecond: Math.round(throughput.events / seconds),
      seconds: round(seconds),
      received: throughput.received,
      kill: {
        events: KILL_EVENTS,
        killedAt: deliveredAtKill,
        delivered: backlog.size,
        received: backlogRequests,
        ...repeats(arrivals, killedAt),
      },
      cpuPerDeliveryMs: Math.round((cpuMs / Math.max(1, throughput.events)) * 100) / 100,
      quiet: figures(quiet),
      during: figures(during),
    };
  } finally {
    for (const child of children) await stop(child);
    await seedApp.close();
    await seedDatabase.close();
    await new Promise((r) => receiver.close(r));
    await database.drop();
  }
}

/** The lines `npm run bench` prints for this section. */
export function webhookLines(r: TWebhookBench, verdict: (ok: boolean) => string): string[] {
  const ratio = r.quiet.p99 > 0 ? r.during.p99 / r.quiet.p99 : 0;
  return [
    `  ${r.events} events delivered in ${r.seconds} s: ${r.deliveriesPerSecond} deliveries/s (target ≥ 500: ${verdict(r.deliveriesPerSecond >= 500)}); ${r.received} requests (${r.received - r.events} repeated); server CPU ${r.cpuPerDeliveryMs} ms a delivery (the sends' included)`,
    `  across a SIGKILL of one of two instances at ${r.kill.killedAt} of ${r.kill.events} events: ${r.kill.events - r.kill.delivered} lost (target 0: ${verdict(r.kill.delivered === r.kill.events)}); ${r.kill.repeatedAfterKill} repeated after the kill (sent by the killed instance, not yet marked delivered: at least once, each with the same webhook-id, so a receiver drops the second); ${r.kill.repeatedOtherwise} repeated otherwise (target 0: ${verdict(r.kill.repeatedOtherwise === 0 && r.received === r.events)}); ${r.kill.received} requests in all`,
    `  send path p50/p99: ${r.quiet.p50}/${r.quiet.p99} ms quiet (${r.quiet.sends} sends), ${r.during.p50}/${r.during.p99} ms while delivering (${r.during.sends} sends); p99 ratio ${ratio.toFixed(2)} (target ≤ 2.00: ${verdict(ratio <= 2)})`,
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [events = 10_000, pairs = 200, sends = 300] = process.argv.slice(2).map(Number);
  process.env.BENCH_DATABASE_URL ??= process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const r = await benchWebhooks(events, pairs, sends);
  for (const line of webhookLines(r, (ok) => (ok ? 'meets target' : 'MISSES target'))) console.log(line);
}
