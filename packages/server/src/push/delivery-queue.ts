/** What became of one delivery attempt (web push or APNs). */
export type TDeliveryOutcome =
  | { kind: 'ok' }
  /** The subscription or token no longer exists (404/410): forget it. */
  | { kind: 'gone'; reason: string }
  | { kind: 'retryable'; reason: string; retryAfterMs?: number }
  | { kind: 'failed'; reason: string };

export interface TDeliveryQueueOptions<J> {
  /** Sends one job; never throws (a throw counts as retryable). */
  deliver(job: J): Promise<TDeliveryOutcome>;
  /** The target is gone: delete it. */
  onGone(job: J): Promise<void>;
  log: { warn(object: object, message: string): void };
  /** Deliveries in flight at once. Default 32. */
  concurrency?: number;
  /** Jobs waiting at most; more are dropped with a warning (a push is a hint, the data is in the app). Default 100 000. */
  maxQueued?: number;
  /** Delays before each retry, ms. Default 2 s, 10 s, 60 s, 5 min; then the job is dropped. */
  backoffMs?: number[];
}

interface TQueued<J> {
  job: J;
  attempt: number;
}

/**
 * In-process delivery queue, off the request path: `enqueue` returns at once; up to `concurrency`
 * deliveries run at a time; a retryable failure comes back after the next back-off (or the
 * service's Retry-After, whichever is longer); gone targets are deleted.
 *
 * Each delivery starts on its own turn of the event loop (one `setImmediate` at a time, the next
 * scheduled from the previous one, so Node runs it on the following turn): a delivery's
 * synchronous part (encrypting the payload) never queues up behind 31 others, and the requests
 * and database answers that arrive meanwhile are served between any two starts. Starting all free
 * slots in one turn, as this once did, held a message send's every database round trip behind up
 * to `concurrency` encryptions (the send path's p99 was 84× slower during a 10,000 fan-out).
 */
export class DeliveryQueue<J> {
  private readonly waiting: TQueued<J>[] = [];
  private head = 0;
  private running = 0;
  private readonly timers = new Set<NodeJS.Timeout>();
  private idleWaiters: (() => void)[] = [];
  /** A start is scheduled for the next turn of the event loop. */
  private starting = false;
  private closed = false;
  readonly stats = { delivered: 0, gone: 0, retried: 0, failed: 0, dropped: 0 };
  private readonly concurrency: number;
  private readonly maxQueued: number;
  private readonly backoffMs: number[];

  constructor(private readonly options: TDeliveryQueueOptions<J>) {
    this.concurrency = options.concurrency ?? 32;
    this.maxQueued = options.maxQueued ?? 100_000;
    this.backoffMs = options.backoffMs ?? [2_000, 10_000, 60_000, 300_000];
  }

  /** Jobs waiting or running. */
  get size(): number {
    return this.waiting.length - this.head + this.running;
  }

  enqueue(job: J): void {
    this.push({ job, attempt: 0 });
  }

  /** Resolves when nothing waits or runs (scheduled retries aside). */
  idle(): Promise<void> {
    if (this.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Stops taking jobs and cancels scheduled retries; running deliveries finish. */
  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.waiting.length = 0;
    this.head = 0;
    this.settle();
  }

  private push(item: TQueued<J>): void {
    if (this.closed) return;
    if (this.size >= this.maxQueued) {
      this.stats.dropped++;
      this.options.log.warn({ queued: this.size }, 'push queue full: notification dropped');
      return;
    }
    this.waiting.push(item);
    this.pump();
  }

  /** Schedules the next start, if a slot and a job are free and none is scheduled yet. */
  private pump(): void {
    if (this.starting || this.running >= this.concurrency || this.head >= this.waiting.length) return;
    this.starting = true;
    // `running` counts the scheduled start, so `size` (and idle) sees the job throughout.
    const item = this.waiting[this.head++]!;
    if (this.head > 1024 && this.head * 2 > this.waiting.length) {
      this.waiting.splice(0, this.head);
      this.head = 0;
    }
    this.running++;
    setImmediate(() => {
      this.starting = false;
      void this.run(item);
      this.pump();
    });
  }

  private async run(item: TQueued<J>): Promise<void> {
    let outcome: TDeliveryOutcome;
    try {
      outcome = await this.options.deliver(item.job);
    } catch (error) {
      outcome = { kind: 'retryable', reason: (error as Error).message };
    }
    try {
      if (outcome.kind === 'ok') this.stats.delivered++;
      else if (outcome.kind === 'gone') {
        this.stats.gone++;
        await this.options.onGone(item.job);
      } else if (outcome.kind === 'retryable' && item.attempt < this.backoffMs.length && !this.closed) {
        this.stats.retried++;
        const delay = Math.max(this.backoffMs[item.attempt]!, outcome.retryAfterMs ?? 0);
        const timer = setTimeout(() => {
          this.timers.delete(timer);
          this.push({ job: item.job, attempt: item.attempt + 1 });
        }, delay);
        timer.unref();
        this.timers.add(timer);
      } else {
        this.stats.failed++;
        this.options.log.warn({ reason: outcome.reason, attempts: item.attempt + 1 }, 'push notification not delivered');
      }
    } catch (error) {
      this.options.log.warn({ err: error }, 'push outcome not recorded');
    } finally {
      this.running--;
      this.pump();
      this.settle();
    }
  }

  private settle(): void {
    if (this.size !== 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const w of waiters) w();
  }
}
