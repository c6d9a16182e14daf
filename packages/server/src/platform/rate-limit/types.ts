/** One limit: at most `limit` events under `key` in any `windowMs` (sliding window). */
export interface TRateRule {
  key: string;
  limit: number;
  windowMs: number;
}

export interface TRateDecision {
  allowed: boolean;
  /** When refused: milliseconds until one more event would be allowed under every rule. */
  retryAfterMs: number;
}

/** Sliding-window counters, in-process or in Redis (one interface, docs/contracts.md §D2). */
export interface RateLimiter {
  readonly kind: 'memory' | 'redis';
  /**
   * Counts one event under every rule if all of them allow it; if any refuses,
   * nothing is counted and the answer says how long to wait. Atomic per call.
   */
  consume(rules: readonly TRateRule[], nowMs: number): Promise<TRateDecision>;
  close(): Promise<void>;
}
