/**
 * Webhook delivery (issue 26): deliveries per second from the outbox to a local receiver, and the
 * message send path's p99 while the dispatcher works through a backlog, against its quiet value in
 * the same run.
 *   node --import tsx scripts/bench/webhooks.ts [events=10000] [pairs=200] [sends=300]
 * Forks the real app (webhooks-app.ts); the receiver (node:http, answers 200 at once) runs here.
 * Every measured send goes to a recipient with a message.received webhook, so each one also
 * records an event (the send's transaction path) in both phases.
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

export interface TWebhookBench {
  engine: string;
  events: number;
  /** Backlog deliveries per second, first to last received. */
  deliveriesPerSecond: number;
  seconds: number;
  /** Requests the receiver got for the backlog: events plus any delivered twice. */
  received: number;
  /** The server's CPU (user + system) per backlog delivery, sends included, in ms. */
  cpuPerDeliveryMs: number;
  quiet: { p50: number; p99: number; sends: number };
  during: { p50: number; p99: number; sends: number };
}

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const round = (n: number) => Math.round(n * 10) / 10;

export async function benchWebhooks(events = 10_000, pairCount = 200, sends = 300): Promise<TWebhookBench> {
  const backlog = new Set<string>();
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
        backlog.add(String(request.headers['webhook-id']));
      }
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

  const child = fork(fileURLToPath(new URL('./webhooks-app.ts', import.meta.url)), [String(pairCount), receiverUrl], {
    execArgv: ['--import', 'tsx'],
  });
  const replies: ((m: Record<string, unknown>) => void)[] = [];
  child.on('message', (m) => replies.shift()?.(m as Record<string, unknown>));
  const next = () => new Promise<Record<string, unknown>>((resolve) => replies.push(resolve));
  const ready = (await next()) as { port: number; pairs: { conversationId: string; senderToken: string }[]; engine: string };
  const { port, pairs } = ready;

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

  child.send({ cmd: 'backlog', events });
  await next();
  child.send({ cmd: 'cpu' });
  const cpuBefore = (await next()).cpu as NodeJS.CpuUsage;
  // The send path while the dispatcher delivers the backlog (sends stop when it is done).
  const during = await sendPhase(sends * 10, () => backlog.size >= events);
  const deadline = Date.now() + 300_000;
  while (backlog.size < events && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));

  child.send({ cmd: 'cpu' });
  const cpuAfter = (await next()).cpu as NodeJS.CpuUsage;
  const cpuMs = (cpuAfter.user - cpuBefore.user + cpuAfter.system - cpuBefore.system) / 1000;
  child.send({ cmd: 'stop' });
  await new Promise((r) => child.once('exit', r));
  await new Promise((r) => receiver.close(r));
  const seconds = (last - first) / 1000;
  return {
    engine: ready.engine,
    events: backlog.size,
    deliveriesPerSecond: Math.round(backlog.size / seconds),
    seconds: round(seconds),
    received: backlogRequests,
    cpuPerDeliveryMs: Math.round((cpuMs / Math.max(1, backlog.size)) * 100) / 100,
    quiet: figures(quiet),
    during: figures(during),
  };
}

/** The lines `npm run bench` prints for this section. */
export function webhookLines(r: TWebhookBench, verdict: (ok: boolean) => string): string[] {
  const ratio = r.quiet.p99 > 0 ? r.during.p99 / r.quiet.p99 : 0;
  return [
    `  ${r.engine}: ${r.events} events delivered in ${r.seconds} s: ${r.deliveriesPerSecond} deliveries/s (target ≥ 500: ${verdict(r.deliveriesPerSecond >= 500)}); ${r.received} requests (${r.received - r.events} repeated); server CPU ${r.cpuPerDeliveryMs} ms a delivery (the sends' included)`,
    `  send path p50/p99: ${r.quiet.p50}/${r.quiet.p99} ms quiet (${r.quiet.sends} sends), ${r.during.p50}/${r.during.p99} ms while delivering (${r.during.sends} sends); p99 ratio ${ratio.toFixed(2)} (target ≤ 2.00: ${verdict(ratio <= 2)})`,
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [events = 10_000, pairs = 200, sends = 300] = process.argv.slice(2).map(Number);
  process.env.BENCH_DATABASE_URL ??= process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const r = await benchWebhooks(events, pairs, sends);
  for (const line of webhookLines(r, (ok) => (ok ? 'meets target' : 'MISSES target'))) console.log(line);
}
