import { createMemoryRateLimiter } from './memory.ts';
import { createRedisRateLimiter, type TRedisRateLimiterOptions } from './redis.ts';
import type { RateLimiter } from './types.ts';

export type { RateLimiter, TRateDecision, TRateRule } from './types.ts';
export { createMemoryRateLimiter, createRedisRateLimiter };

/** Redis counters when a URL is given (several instances share them; per-instance while Redis is down), in-process otherwise. */
export const createRateLimiter = (redisUrl?: string, options: TRedisRateLimiterOptions = {}): RateLimiter =>
  redisUrl ? createRedisRateLimiter(redisUrl, options) : createMemoryRateLimiter();
