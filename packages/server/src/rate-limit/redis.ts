import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { RateLimiter, TRateDecision, TRateRule } from './types.ts';

/**
 * Checks every key's sliding window (a sorted set of event times); only when
 * all allow does it add the event to each. Returns 0, or the wait in ms.
 * ARGV: now, member, then limit and window for each key in order.
 */
const CONSUME = `
local now = tonumber(ARGV[1])
local retry = 0
for i, key in ipairs(KEYS) do
  local limit = tonumber(ARGV[1 + 2 * i])
  local window = tonumber(ARGV[2 + 2 * i])
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  local count = redis.call('ZCARD', key)
  if count >= limit then
    local entry = redis.call('ZRANGE', key, count - limit, count - limit, 'WITHSCORES')
    local wait = tonumber(entry[2]) + window - now
    if wait > retry then retry = wait end
  end
end
if retry > 0 then return retry end
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, now, ARGV[2])
  redis.call('PEXPIRE', key, tonumber(ARGV[2 + 2 * i]))
end
return 0
`;

/** Counters shared by every instance through Redis; keys live under `prefix`. */
export function createRedisRateLimiter(url: string, prefix = 'vbc:rl:'): RateLimiter {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  // Errors surface on the commands that fail; an idle reconnect must not crash the process.
  redis.on('error', () => {});
  return {
    kind: 'redis',
    async consume(rules: readonly TRateRule[], nowMs: number): Promise<TRateDecision> {
      if (rules.length === 0) return { allowed: true, retryAfterMs: 0 };
      const member = `${nowMs}:${randomBytes(6).toString('hex')}`;
      const args = [String(nowMs), member, ...rules.flatMap((r) => [String(r.limit), String(r.windowMs)])];
      const keys = rules.map((r) => prefix + r.key);
      const wait = Number(await redis.eval(CONSUME, keys.length, ...keys, ...args));
      return wait > 0 ? { allowed: false, retryAfterMs: wait } : { allowed: true, retryAfterMs: 0 };
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
