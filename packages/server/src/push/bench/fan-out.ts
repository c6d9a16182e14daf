/**
 * Push fan-out (issue 12, "Measured"): one announcement-like notification to N web push
 * subscriptions, against the local push service in another process (VAPID checked, payload
 * decrypted), through the real app's queue. Prints the time until all N arrived, and the send
 * path's latency (real HTTP POST /api/conversation/{id}/messages) while the fan-out runs against
 * the same sends without it.
 *   node --import tsx packages/server/src/push/bench/fan-out.ts [subscriptions=10000] [sends=200]
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { accounts, pushSubscriptions } from '../../db/schema/index.ts';
import { buildAccount, buildCard } from '../../test/factories.ts';

export interface TFanOut {
  subscriptions: number;
  deliverAllMs: number;
  perSecond: number;
  baseline: { p50: number; p99: number };
  during: { p50: number; p99: number };
  refused: number;
  engine: string;
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round((s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0) * 10) / 10;
};

export async function benchPushFanOut(count = 10_000, sends = 200): Promise<TFanOut> {
  const child = fork(fileURLToPath(new URL('./push-service-child.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'] });
  const replies: ((m: Record<string, unknown>) => void)[] = [];
  child.on('message', (m) => replies.shift()?.(m as Record<string, unknown>));
  const next = () => new Promise<Record<string, unknown>>((resolve) => replies.push(resolve));
  await next();

  const dataDir = mkdtempSync(path.join(tmpdir(), 'vbc-push-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir, LOG_LEVEL: 'warn', PUSH_ALLOW_INSECURE_ENDPOINTS: 'true', PUSH_MESSAGE_DELAY_MS: '600000',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  });
  const app = await buildApp({ config, webDistDir: path.join(dataDir, 'no-web') });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  try {
    // N accounts with one subscription each, written in bulk.
    child.send({ subscribe: count, vapidKey: app.push.vapidPublicKey });
    const { subscriptions } = (await next()) as { subscriptions: { endpoint: string; keyP256Dh: string; keyAuth: string }[] };
    const tag = randomUUID().slice(0, 8);
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1000) {
      const rows = await app.db.insert(accounts)
        .values(subscriptions.slice(i, i + 1000).map((_, j) => ({ name: `Bench ${i + j}`, email: `bench-${tag}-${i + j}@example.test` })))
        .returning({ id: accounts.id });
      await app.db.insert(pushSubscriptions).values(rows.map((r, j) => ({ accountId: r.id, ...subscriptions[i + j]! })));
      ids.push(...rows.map((r) => r.id));
    }

    // The send path: one person writing to another over HTTP, one send at a time.
    const a = await buildAccount(app);
    const b = await buildAccount(app);
    const card = await buildCard(app, {}, { ownerAccountId: b.account.id });
    const first = await fetch(`${base}/api/conversation/initiateConversation`, {
      method: 'POST', headers: { ...a.headers, 'content-type': 'application/json' }, body: JSON.stringify({ toVbcId: card.id, message: 'hi' }),
    });
    const { personalConversationId } = (await first.json()) as { personalConversationId: string };
    const sendTimes = async (n: number, until?: () => boolean) => {
      const times: number[] = [];
      for (let i = 0; i < n || (until && !until()); i++) {
        const t = performance.now();
        const res = await fetch(`${base}/api/conversation/${personalConversationId}/messages`, {
          method: 'POST', headers: { ...a.headers, 'content-type': 'application/json' }, body: JSON.stringify({ message: `m${i}`, clientMessageId: randomUUID() }),
        });
        await res.arrayBuffer();
        times.push(performance.now() - t);
        if (i >= 5 * n) break;
      }
      return times;
    };
    // Sends are limited to 30 a minute per account: the bench lifts the limit for its sender.
    app.rateLimiter.consume = async () => ({ allowed: true, retryAfterMs: 0 });
    await sendTimes(20); // warm-up
    const baseline = await sendTimes(sends);

    const started = performance.now();
    child.send({ waitFor: count });
    const delivered = next();
    await app.push.notifyAccounts(ids, { kind: 'announcement', title: 'Bench announcement', body: 'From V.B.C.', url: '/vbc/announcement/bench', tag: 'announcement-bench', announcementId: 'bench' });
    let done = false;
    void delivered.then(() => (done = true));
    const during = await sendTimes(sends, () => done);
    const result = (await delivered) as { received: number; refused: number };
    const deliverAllMs = performance.now() - started;
    return {
      subscriptions: result.received,
      deliverAllMs: Math.round(deliverAllMs),
      perSecond: Math.round(result.received / (deliverAllMs / 1000)),
      baseline: { p50: percentile(baseline, 50), p99: percentile(baseline, 99) },
      during: { p50: percentile(during, 50), p99: percentile(during, 99) },
      refused: result.refused,
      engine: config.DATABASE_URL ? 'PostgreSQL' : 'PGlite',
    };
  } finally {
    await app.close();
    child.send({ close: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const r = await benchPushFanOut(Number(process.argv[2] ?? 10_000), Number(process.argv[3] ?? 200));
  console.log(JSON.stringify(r));
}
