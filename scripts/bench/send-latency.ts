/**
 * Send → recipient MessageReceived latency with many connected clients (issue 6, "Measured").
 *   node --import tsx scripts/bench/send-latency.ts [pairs=1000] [sends=1000] [concurrency=8]
 * Forks the real app (send-latency-app.ts) with `pairs` conversations; connects sender and recipient of
 * every pair over WebSockets (2 × pairs connections, SignalR JSON protocol); then each send is a
 * real POST /api/conversation/{id}/messages and the clock stops when the recipient's socket gets
 * the MessageReceived carrying that send's clientMessageId.
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { WebSocket } from 'ws';

const RS = '\x1e';

export interface TSendLatency {
  connections: number;
  sends: number;
  p50: number;
  p99: number;
  max: number;
  engine: string;
  backplane: string;
  serverRssMb: number;
}

interface TPair {
  conversationId: string;
  senderToken: string;
  recipientToken: string;
}

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Runs the measurement; the caller prints it. */
export async function benchSendLatency(pairCount = 1000, sends = 1000, concurrency = 8): Promise<TSendLatency> {
  const child = fork(fileURLToPath(new URL('./send-latency-app.ts', import.meta.url)), [String(pairCount)], {
    execArgv: ['--import', 'tsx'],
  });
  const replies: ((m: Record<string, unknown>) => void)[] = [];
  child.on('message', (m) => replies.shift()?.(m as Record<string, unknown>));
  const next = () => new Promise<Record<string, unknown>>((resolve) => replies.push(resolve));
  const ready = (await next()) as { port: number; pairs: TPair[]; engine: string; backplane: string };
  const { port, pairs } = ready;

  const waiting = new Map<string, (at: number) => void>();
  const sockets: WebSocket[] = [];
  const open = (token: string, listen: boolean) =>
    new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/personalHub`, {
        headers: { authorization: `Bearer ${token}` },
        perMessageDeflate: false,
      });
      sockets.push(ws);
      let handshaken = false;
      ws.on('error', reject);
      ws.on('open', () => ws.send(`{"protocol":"json","version":1}${RS}`));
      ws.on('message', (data) => {
        const at = performance.now();
        if (!handshaken) {
          handshaken = true;
          resolve();
          return;
        }
        if (!listen) return;
        for (const record of String(data).split(RS)) {
          if (!record.includes('"MessageReceived"')) continue;
          const parsed = JSON.parse(record) as { arguments: [{ clientMessageId: string }] };
          waiting.get(parsed.arguments[0].clientMessageId)?.(at);
        }
      });
    });
  // As a SignalR client does, a ping now and then: the hub closes a connection that stays silent past its client timeout.
  const pings = setInterval(() => sockets.forEach((ws) => ws.readyState === WebSocket.OPEN && ws.send(`{"type":6}${RS}`)), 10_000);

  for (let i = 0; i < pairs.length; i += 200) {
    await Promise.all(pairs.slice(i, i + 200).flatMap((p) => [open(p.senderToken, false), open(p.recipientToken, true)]));
  }

  const sendOne = async (k: number): Promise<number> => {
    const pair = pairs[k % pairs.length]!;
    const clientMessageId = randomUUID();
    const received = new Promise<number>((resolve) => waiting.set(clientMessageId, resolve));
    const t0 = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}/api/conversation/${pair.conversationId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${pair.senderToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message: `bench message ${k} ${'x'.repeat(80)}`, clientMessageId }),
    });
    if (res.status !== 201) throw new Error(`send ${k}: ${res.status} ${await res.text()}`);
    let timer: NodeJS.Timeout | undefined;
    const at = await Promise.race([
      received,
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`send ${k}: not received within 60 s`)), 60_000))),
    ]).finally(() => clearTimeout(timer));
    waiting.delete(clientMessageId);
    return at - t0;
  };

  for (let k = 0; k < Math.min(100, sends); k++) await sendOne(pairs.length - 1 - (k % pairs.length)); // warm-up
  const latencies: number[] = [];
  let counter = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (counter < sends) latencies.push(await sendOne(counter++));
    }),
  );
  child.send({ cmd: 'rss' });
  const { rss } = (await next()) as { rss: number };
  clearInterval(pings);
  for (const ws of sockets) ws.terminate();
  child.send({ cmd: 'stop' });
  await new Promise((r) => child.once('exit', r));
  latencies.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    connections: pairs.length * 2,
    sends: latencies.length,
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    max: round(latencies.at(-1) ?? 0),
    engine: ready.engine,
    backplane: ready.backplane,
    serverRssMb: Math.round(rss / 1024 / 1024),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [pairs = 1000, sends = 1000, concurrency = 8] = process.argv.slice(2).map(Number);
  const r = await benchSendLatency(pairs, sends, concurrency);
  console.log(
    `send → MessageReceived with ${r.connections} connected clients (${r.engine}, ${r.backplane} backplane), ${r.sends} sends at concurrency ${concurrency}: ` +
      `p50 ${r.p50} ms, p99 ${r.p99} ms (target ≤ 25), max ${r.max} ms; server RSS ${r.serverRssMb} MB`,
  );
}
