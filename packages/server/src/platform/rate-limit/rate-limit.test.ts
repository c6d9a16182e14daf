import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './index.ts';
import { serviceUrl } from '../../test/services.ts';

const redisUrl = serviceUrl('TEST_REDIS_URL', 'the Redis rate-limit tests');

const variants = [
  { name: 'memory', make: createMemoryRateLimiter, enabled: true },
  {
    name: 'redis',
    make: () => createRedisRateLimiter(redisUrl ?? '', { prefix: `vbc:test:${randomBytes(4).toString('hex')}:` }),
    enabled: Boolean(redisUrl),
  },
];

for (const variant of variants) {
  describe.skipIf(!variant.enabled)(`${variant.name} rate limiter`, () => {
    const limiter: RateLimiter = variant.make();
    afterAll(() => limiter.close());
    const key = () => randomBytes(6).toString('hex');
    const MIN = 60_000;

    it('allows the limit within the window, then refuses until the oldest event leaves it', async () => {
      const rule = { key: key(), limit: 3, windowMs: 10 * MIN };
      const t0 = 1_000_000_000_000;
      for (let i = 0; i < 3; i++) expect((await limiter.consume([rule], t0 + i * MIN)).allowed).toBe(true);
      const refused = await limiter.consume([rule], t0 + 3 * MIN);
      expect(refused).toEqual({ allowed: false, retryAfterMs: 7 * MIN });
      // The first event leaves the window at t0 + 10 min.
      expect((await limiter.consume([rule], t0 + 10 * MIN - 1)).allowed).toBe(false);
      expect((await limiter.consume([rule], t0 + 10 * MIN)).allowed).toBe(true);
      expect((await limiter.consume([rule], t0 + 10 * MIN + 1)).allowed).toBe(false);
    });

    it('a refusal by one rule counts nothing under the others, and the wait is the longest', async () => {
      const tight = { key: key(), limit: 1, windowMs: MIN };
      const loose = { key: key(), limit: 2, windowMs: 60 * MIN };
      const t0 = 2_000_000_000_000;
      expect((await limiter.consume([tight, loose], t0)).allowed).toBe(true);
      expect(await limiter.consume([tight, loose], t0 + 1000)).toEqual({ allowed: false, retryAfterMs: MIN - 1000 });
      // The refused call was not counted under `loose`: one more is allowed there.
      expect((await limiter.consume([tight, loose], t0 + MIN)).allowed).toBe(true);
      expect(await limiter.consume([tight, loose], t0 + 2 * MIN)).toEqual({ allowed: false, retryAfterMs: 58 * MIN });
    });

    it('counts an event from a clock that went back by its time: the wait is until the oldest leaves', async () => {
      const rule = { key: key(), limit: 2, windowMs: 10 * MIN };
      const t0 = 3_000_000_000_000;
      expect((await limiter.consume([rule], t0 + 5 * MIN)).allowed).toBe(true);
      expect((await limiter.consume([rule], t0)).allowed).toBe(true);
      // The event at t0 leaves the window first, at t0 + 10 min.
      expect(await limiter.consume([rule], t0 + 6 * MIN)).toEqual({ allowed: false, retryAfterMs: 4 * MIN });
      expect((await limiter.consume([rule], t0 + 10 * MIN)).allowed).toBe(true);
      expect(await limiter.consume([rule], t0 + 11 * MIN)).toEqual({ allowed: false, retryAfterMs: 4 * MIN });
    });

    it('keeps each key to its own window among many keys', async () => {
      const t0 = 4_000_000_000_000;
      const rules = Array.from({ length: 3000 }, () => ({ key: key(), limit: 1, windowMs: MIN }));
      for (const rule of rules) expect((await limiter.consume([rule], t0)).allowed).toBe(true);
      // Past the window every key allows again (the sweeps in between forgot them, or they expired).
      for (const rule of rules.slice(0, 10)) expect((await limiter.consume([rule], t0 + MIN)).allowed).toBe(true);
      expect((await limiter.consume([rules[0]!], t0 + MIN + 1)).allowed).toBe(false);
    });
  });
}
