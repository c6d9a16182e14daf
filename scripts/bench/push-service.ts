/**
 * The local push service in its own process for the announcement fan-out bench
 * (announcement-fan-out.ts): receives, checks the VAPID JWT and decrypts each notification
 * (packages/server/src/test/push-service.ts), so its CPU is neither the server's nor the load generator's.
 * Messages: parent → {subscribe: n, vapidKey} → {subscriptions}; {waitFor: n} → {received: n}.
 */
import { setPriority } from 'node:os';
import { startTestPushService } from '../../packages/server/src/test/push-service.ts';

// BENCH_PUSH_SERVICE_NICE=19: this stand-in for a remote push service takes only spare CPU, to see
// how much of the send path's slowdown is this process competing with the server for 2 cores.
if (process.env.BENCH_PUSH_SERVICE_NICE) setPriority(Number(process.env.BENCH_PUSH_SERVICE_NICE));

let vapidKey = '';
const service = await startTestPushService(() => vapidKey);
process.on('message', async (m: { subscribe?: number; vapidKey?: string; waitFor?: number; close?: boolean }) => {
  if (m.subscribe !== undefined) {
    vapidKey = m.vapidKey ?? '';
    const subscriptions = Array.from({ length: m.subscribe }, () => {
      const { endpoint, keyP256Dh, keyAuth } = service.subscribe();
      return { endpoint, keyP256Dh, keyAuth };
    });
    process.send!({ subscriptions });
  } else if (m.waitFor !== undefined) {
    await service.waitFor(m.waitFor, 600_000);
    process.send!({ received: service.received.length, refused: service.refused.length });
  } else if (m.close) {
    await service.close();
    process.exit(0);
  }
});
process.send!({ ready: true });
