import { describe, expect, it } from 'vitest';
import { performance } from 'node:perf_hooks';
import { DeliveryQueue, type TDeliveryOutcome } from './delivery-queue.ts';
import { PACE_WINDOW_MS } from './loop-pacer.ts';

const log = { warn: () => undefined };

describe('delivery queue', () => {
  it('starts one delivery per turn of the event loop, so work queued meanwhile runs between starts', async () => {
    const order: string[] = [];
    const queue = new DeliveryQueue<number>({
      deliver: async (n) => {
        order.push(`deliver ${n}`);
        return { kind: 'ok' };
      },
      onGone: async () => undefined,
      log,
    });
    for (let n = 1; n <= 4; n++) queue.enqueue(n);
    // What a request's database answer would be: a callback due on the same turn as the first start.
    setImmediate(() => order.push('request'));
    await queue.idle();
    // All four slots were free: starting them all on one turn would have put the request after them.
    expect(order).toEqual(['deliver 1', 'request', 'deliver 2', 'deliver 3', 'deliver 4']);
    expect(queue.stats.delivered).toBe(4);
  });

  it('keeps at most `concurrency` deliveries in flight, and idle() waits for all of them', async () => {
    let inFlight = 0;
    let most = 0;
    const queue = new DeliveryQueue<number>({
      deliver: async () => {
        most = Math.max(most, ++inFlight);
        await new Promise((r) => setTimeout(r, 5));
        inFlight--;
        return { kind: 'ok' } satisfies TDeliveryOutcome;
      },
      onGone: async () => undefined,
      log,
      concurrency: 3,
    });
    for (let n = 0; n < 20; n++) queue.enqueue(n);
    expect(queue.size).toBe(20);
    await queue.idle();
    expect(most).toBe(3);
    expect(queue.stats.delivered).toBe(20);
    expect(queue.size).toBe(0);
  });

  it('starts a waiting interactive job before waiting bulk ones, and keeps bulk jobs within bulkConcurrency', async () => {
    const order: string[] = [];
    let bulkInFlight = 0;
    let mostBulk = 0;
    const queue = new DeliveryQueue<string>({
      deliver: async (name) => {
        order.push(name);
        if (name.startsWith('bulk')) {
          mostBulk = Math.max(mostBulk, ++bulkInFlight);
          await new Promise((r) => setTimeout(r, 5));
          bulkInFlight--;
        }
        return { kind: 'ok' };
      },
      onGone: async () => undefined,
      log,
      bulkConcurrency: 2,
      bulkMaxUtilization: 1,
    });
    for (let n = 1; n <= 6; n++) queue.enqueue(`bulk ${n}`, 'bulk');
    queue.enqueue('message', 'interactive');
    await queue.idle();
    // Six bulk jobs were queued first; the message still starts on the first turn.
    expect(order[0]).toBe('message');
    expect(order.slice(1)).toEqual(['bulk 1', 'bulk 2', 'bulk 3', 'bulk 4', 'bulk 5', 'bulk 6']);
    expect(mostBulk).toBe(2);
  });

  it('holds bulk starts while the event loop is busy, and starts interactive ones meanwhile', async () => {
    const started: { name: string; at: number }[] = [];
    const queue = new DeliveryQueue<string>({
      deliver: async (name) => {
        started.push({ name, at: performance.now() });
        return { kind: 'ok' };
      },
      onGone: async () => undefined,
      log,
      bulkMaxUtilization: 0.5,
    });
    queue.enqueue('bulk 1', 'bulk');
    await new Promise((r) => setTimeout(r, 1));
    // A request's worth of synchronous work: the loop is busy through the pacer's whole window.
    const busyUntil = performance.now() + 3 * PACE_WINDOW_MS;
    queue.enqueue('bulk 2', 'bulk');
    queue.enqueue('message', 'interactive');
    while (performance.now() < busyUntil);
    await queue.idle();
    expect(started.map((s) => s.name)).toEqual(['bulk 1', 'message', 'bulk 2']);
    // bulk 2 waited for a window in which the loop had room; the message did not.
    expect(started[2]!.at - started[1]!.at).toBeGreaterThanOrEqual(PACE_WINDOW_MS / 2);
    expect(queue.bulkHeldWindows).toBeGreaterThan(0);
  });
});
