import { createMemoryRateLimiter } from './memory.ts';
import { createRedisRateLimiter } from './redis.ts';
import type { RateLimiter } from './types.ts';

export type { RateLimiter, TRateDecision, TRateRule } from './types.ts';
export { createMemoryRateLimiter, createRedisRateLimiter };

/** Redis counters when a URL is given (several instances share them), in-process otherwise. */
export const createRateLimiter = (redisUrl?: string): RateLimiter =>
  redisUrl ? createRedisRateLimiter(redisUrl) : createMemoryRateLimiter();
