import { randomBytes } from 'node:crypto';
import { openBoundedRedis } from '../redis/connect.ts';
import { createMemoryRateLimiter } from './memory.ts';
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

export interface TRedisRateLimiterOptions {
  /** Key prefix. Default `vbc:rl:`. */
  prefix?: string;
  /** Told once per outage that counting moved to this instance, and once when Redis is back. */
  log?: { warn(object: object, message: string): void; info(object: object, message: string): void };
  /** Longest wait for Redis (REDIS_TIMEOUT_MS): past it the limits fall back to this instance's counters. Default 1000. */
  timeoutMs?: number;
  /** Called when the connection had no answer in time and is rebuilt. */
  onTimeout?: () => void;
}

/**
 * Counters shared by every instance through Redis. While Redis is unreachable the limits fall back
 * to this instance's own counters (the database, not Redis, is what sending needs), which the log
 * says once per outage; shared counting resumes when Redis is back.
 */
export function createRedisRateLimiter(url: string, options: TRedisRateLimiterOptions = {}): RateLimiter {
  const prefix = options.prefix ?? 'vbc:rl:';
  // Errors surface on the commands that fail; a silent cut is noticed within the timeout (openBoundedRedis).
  const redis = openBoundedRedis(url, {
    timeoutMs: options.timeoutMs ?? 1000,
    onTimeout: options.onTimeout,
    redisOptions: { maxRetriesPerRequest: 1, enableOfflineQueue: true },
  });
  const local = createMemoryRateLimiter();
  let wasReady = false;
  let fallingBack = false;
  redis.on('ready', () => {
    wasReady = true;
    if (!fallingBack) return;
    fallingBack = false;
    options.log?.info({}, 'Redis is back: rate limits are shared between instances again');
  });
  const fallBack = (error: unknown, rules: readonly TRateRule[], nowMs: number): Promise<TRateDecision> => {
    if (!fallingBack) {
      fallingBack = true;
      options.log?.warn(
        { err: { message: error instanceof Error ? error.message : String(error) } },
        'Redis is unreachable: rate limits fall back to per-instance counters',
      );
    }
    return local.consume(rules, nowMs);
  };
  return {
    kind: 'redis',
    async consume(rules: readonly TRateRule[], nowMs: number): Promise<TRateDecision> {
      if (rules.length === 0) return { allowed: true, retryAfterMs: 0 };
      // Connected before and not now: an outage; count here at once rather than wait for retries.
      if (wasReady && redis.status !== 'ready') return fallBack(new Error(`Redis connection is ${redis.status}`), rules, nowMs);
      const member = `${nowMs}:${randomBytes(6).toString('hex')}`;
      const args = [String(nowMs), member, ...rules.flatMap((r) => [String(r.limit), String(r.windowMs)])];
      const keys = rules.map((r) => prefix + r.key);
      let wait: number;
      try {
        wait = Number(await redis.eval(CONSUME, keys.length, ...keys, ...args));
      } catch (error) {
        return fallBack(error, rules, nowMs);
      }
      return wait > 0 ? { allowed: false, retryAfterMs: wait } : { allowed: true, retryAfterMs: 0 };
    },
    async close() {
      await local.close();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
