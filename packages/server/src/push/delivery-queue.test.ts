import { describe, expect, it } from 'vitest';
import { DeliveryQueue, type TDeliveryOutcome } from './delivery-queue.ts';

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
});
