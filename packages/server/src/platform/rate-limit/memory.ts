import type { RateLimiter, TRateDecision, TRateRule } from './types.ts';

/**
 * Sliding-window log per key, in this process only (one instance, or tests). Each key's log is
 * kept in time order, the oldest first, and trimmed in place: an exchange checks a card's log of
 * up to 200 times, and under the exchange bench copying it on every call and sweeping every key
 * each 1,000 calls took 2.7% of the server's time, trimming 1.6% (docs/benchmarks.md).
 */
export function createMemoryRateLimiter(): RateLimiter {
  const logs = new Map<string, number[]>();
  /** Longest window seen, so a sweep knows what is safe to forget. */
  let longestWindow = 0;
  /** Calls since the last sweep. */
  let calls = 0;

  /** Forgets the keys with nothing left in any window. */
  const sweep = (nowMs: number) => {
    for (const [key, times] of logs) {
      if (times.length === 0 || times[times.length - 1]! <= nowMs - longestWindow) logs.delete(key);
    }
  };

  /** The key's log without the times at or before `cutoff` (they lead it: it is in time order). */
  const logAfter = (key: string, cutoff: number): number[] => {
    let times = logs.get(key);
    if (times === undefined) logs.set(key, (times = []));
    let expired = 0;
    while (expired < times.length && times[expired]! <= cutoff) expired++;
    if (expired > 0) times.splice(0, expired);
    return times;
  };

  /** Adds `nowMs` to a log in time order (at the end, unless a clock went back). */
  const add = (times: number[], nowMs: number) => {
    let at = times.length;
    while (at > 0 && times[at - 1]! > nowMs) at--;
    times.splice(at, 0, nowMs);
  };

  return {
    kind: 'memory',
    async consume(rules: readonly TRateRule[], nowMs: number): Promise<TRateDecision> {
      // A sweep reads every key: once per as many calls as there are keys (at least 1,000), so
      // its cost per call stays the same however many clients are counted.
      if (++calls >= Math.max(1000, logs.size)) {
        calls = 0;
        sweep(nowMs);
      }
      let retryAfterMs = 0;
      for (const rule of rules) {
        longestWindow = Math.max(longestWindow, rule.windowMs);
        const times = logAfter(rule.key, nowMs - rule.windowMs);
        if (times.length >= rule.limit) {
          retryAfterMs = Math.max(retryAfterMs, times[times.length - rule.limit]! + rule.windowMs - nowMs);
        }
      }
      if (retryAfterMs > 0) return { allowed: false, retryAfterMs };
      for (const rule of rules) add(logs.get(rule.key)!, nowMs);
      return { allowed: true, retryAfterMs: 0 };
    },
    async close() {
      logs.clear();
    },
  };
}
