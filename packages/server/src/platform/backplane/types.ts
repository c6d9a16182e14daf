/**
 * A publish/subscribe channel between server instances (docs/contracts.md §D2): in-process for one instance,
 * Redis pub/sub for several. Payloads are opaque strings; delivery is at-most-once, in order per
 * channel and publisher, to every subscriber on every instance (including the publishing one).
 */
export interface Backplane {
  /** Sends `payload` to every current subscriber of `channel`, on every instance. */
  publish(channel: string, payload: string): Promise<void>;
  /**
   * Calls `handler` for every payload published on `channel` from now on. Resolves once the
   * subscription is active (a publish after that is delivered). The returned function removes
   * this handler; calling it twice is harmless.
   */
  subscribe(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Calls `listener` whenever payloads may have been lost (the connection to Redis dropped and is
   * back): subscribers should assume they missed some. Never called in-process.
   */
  onResync(listener: () => void): void;
  /** Resolves when the backplane's server answers (in-process: always); rejects otherwise. For /readyz. */
  ping(): Promise<void>;
  /** Drops every subscription and releases connections. Further publish/subscribe calls reject. */
  close(): Promise<void>;
}
