import type { RateLimiter, TRateDecision, TRateRule } from './types.ts';

/** Sliding-window log per key, in this process only (one instance, or tests). */
export function createMemoryRateLimiter(): RateLimiter {
  const logs = new Map<string, number[]>();
  /** Longest window seen, so a sweep knows what is safe to forget. */
  let longestWindow = 0;
  let calls = 0;

  const sweep = (nowMs: number) => {
    for (const [key, times] of logs) {
      if (times.length === 0 || times[times.length - 1]! <= nowMs - longestWindow) logs.delete(key);
    }
  };

  return {
    kind: 'memory',
    async consume(rules: readonly TRateRule[], nowMs: number): Promise<TRateDecision> {
      if (++calls % 1000 === 0) sweep(nowMs);
      let retryAfterMs = 0;
      for (const rule of rules) {
        longestWindow = Math.max(longestWindow, rule.windowMs);
        const times = (logs.get(rule.key) ?? []).filter((t) => t > nowMs - rule.windowMs);
        logs.set(rule.key, times);
        if (times.length >= rule.limit) {
          retryAfterMs = Math.max(retryAfterMs, times[times.length - rule.limit]! + rule.windowMs - nowMs);
        }
      }
      if (retryAfterMs > 0) return { allowed: false, retryAfterMs };
      for (const rule of rules) logs.get(rule.key)!.push(nowMs);
      return { allowed: true, retryAfterMs: 0 };
    },
    async close() {
      logs.clear();
    },
  };
}
