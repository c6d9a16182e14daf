import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryBackplane, createRedisBackplane, type Backplane } from './index.ts';
import { serviceUrl } from '../../test/services.ts';

const redisUrl = serviceUrl('TEST_REDIS_URL', 'the Redis backplane tests');

/** Collects payloads and lets a test wait until `count` have arrived. */
function collector(): { seen: string[]; handler: (p: string) => void; waitFor: (count: number) => Promise<void> } {
  const seen: string[] = [];
  return {
    seen,
    handler: (p) => seen.push(p),
    async waitFor(count) {
      const deadline = Date.now() + 5000;
      while (seen.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    },
  };
}

const pause = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

const variants: Array<{ name: string; make: () => Backplane; enabled: boolean }> = [
  { name: 'memory', make: createMemoryBackplane, enabled: true },
  { name: 'redis', make: () => createRedisBackplane(redisUrl ?? ''), enabled: Boolean(redisUrl) },
];

for (const variant of variants) {
  describe.skipIf(!variant.enabled)(`${variant.name} backplane`, () => {
    const opened: Backplane[] = [];
    const open = (): Backplane => {
      const b = variant.make();
      opened.push(b);
      return b;
    };
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((b) => b.close()));
    });

    it('delivers a payload to each subscriber of the channel and to no other channel', async () => {
      const b = open();
      const ch = `t:${randomUUID()}`;
      const one = collector();
      const two = collector();
      const other = collector();
      await b.subscribe(ch, one.handler);
      await b.subscribe(ch, two.handler);
      await b.subscribe(`${ch}:other`, other.handler);
      await b.publish(ch, 'héllo ✓');
      await one.waitFor(1);
      await two.waitFor(1);
      await pause(50);
      expect(one.seen).toEqual(['héllo ✓']);
      expect(two.seen).toEqual(['héllo ✓']);
      expect(other.seen).toEqual([]);
    });

    it('stops delivering to a handler after unsubscribe, keeps the others', async () => {
      const b = open();
      const ch = `t:${randomUUID()}`;
      const kept = collector();
      const dropped = collector();
      await b.subscribe(ch, kept.handler);
      const off = await b.subscribe(ch, dropped.handler);
      await off();
      await off(); // twice is harmless
      await b.publish(ch, 'x');
      await kept.waitFor(1);
      await pause(50);
      expect(kept.seen).toEqual(['x']);
      expect(dropped.seen).toEqual([]);
    });

    it('keeps order for a burst of payloads', async () => {
      const b = open();
      const ch = `t:${randomUUID()}`;
      const c = collector();
      await b.subscribe(ch, c.handler);
      const sent = Array.from({ length: 200 }, (_, i) => String(i));
      await Promise.all(sent.map((p) => b.publish(ch, p)));
      await c.waitFor(200);
      expect(c.seen).toEqual(sent);
    });

    it('rejects publish after close', async () => {
      const b = variant.make();
      await b.close();
      await expect(b.publish('x', 'y')).rejects.toThrow(/closed/);
    });

    if (variant.name === 'redis') {
      it('carries a payload from one instance to another, and re-subscribing after unsubscribe works', async () => {
        const a = open();
        const b = open();
        const ch = `t:${randomUUID()}`;
        const onA = collector();
        const off = await a.subscribe(ch, onA.handler);
        await b.publish(ch, 'from B');
        await onA.waitFor(1);
        expect(onA.seen).toEqual(['from B']);
        await off();
        await b.publish(ch, 'lost');
        const again = collector();
        await a.subscribe(ch, again.handler);
        await b.publish(ch, 'again');
        await again.waitFor(1);
        await pause(50);
        expect(onA.seen).toEqual(['from B']);
        expect(again.seen).toEqual(['again']);
      });
    }
  });
}
