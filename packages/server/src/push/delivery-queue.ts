import { LoopPacer } from './loop-pacer.ts';

/** What became of one delivery attempt (web push or APNs). */
export type TDeliveryOutcome =
  | { kind: 'ok' }
  /** The subscription or token no longer exists (404/410): forget it. */
  | { kind: 'gone'; reason: string }
  | { kind: 'retryable'; reason: string; retryAfterMs?: number }
  | { kind: 'failed'; reason: string };

/**
 * Which deliveries go first: 'interactive' (a message to one person) before 'bulk' (an
 * announcement to many), and bulk ones only while the event loop has room (see DeliveryQueue).
 */
export type TLane = 'interactive' | 'bulk';

export interface TDeliveryQueueOptions<J> {
  /** Sends one job; never throws (a throw counts as retryable). */
  deliver(job: J): Promise<TDeliveryOutcome>;
  /** The target is gone: delete it. */
  onGone(job: J): Promise<void>;
  log: { warn(object: object, message: string): void };
  /** Deliveries in flight at once. Default 32. */
  concurrency?: number;
  /** Bulk deliveries in flight at once (the rest of `concurrency` is kept for interactive ones). Default 24. */
  bulkConcurrency?: number;
  /**
   * Bulk deliveries start only while the event loop was busy at most this share of the last
   * 20–40 ms (loop-pacer.ts); 1 turns pacing off. Default 0.3.
   */
  bulkMaxUtilization?: number;
  /** Jobs waiting at most; more are dropped with a warning (a push is a hint, the data is in the app). Default 100 000. */
  maxQueued?: number;
  /** Delays before each retry, ms. Default 2 s, 10 s, 60 s, 5 min; then the job is dropped. */
  backoffMs?: number[];
}

interface TQueued<J> {
  job: J;
  lane: TLane;
  attempt: number;
}

/** A first-in first-out list that drops its consumed head in chunks. */
class Fifo<T> {
  private items: T[] = [];
  private head = 0;
  get length(): number {
    return this.items.length - this.head;
  }
  push(item: T): void {
    this.items.push(item);
  }
  shift(): T | undefined {
    if (this.head >= this.items.length) return undefined;
    const item = this.items[this.head++];
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items.splice(0, this.head);
      this.head = 0;
    }
    return item;
  }
  clear(): void {
    this.items = [];
    this.head = 0;
  }
}

/**
 * In-process delivery queue, off the request path: `enqueue` returns at once; up to `concurrency`
 * deliveries run at a time; a retryable failure comes back after the next back-off (or the
 * service's Retry-After, whichever is longer), in its lane; gone targets are deleted.
 *
 * Each lane starts one delivery at a time, the next scheduled from the previous one: a delivery's
 * synchronous part never queues up behind 31 others, and the requests and database answers that
 * arrive meanwhile are served between any two starts. Starting all free slots in one turn, as this
 * once did, held a message send's every database round trip behind up to `concurrency` encryptions.
 *
 * Two lanes: an interactive job (a message push) starts on the next turn, before any waiting bulk
 * job (an announcement's 10,000), and bulk jobs use at most `bulkConcurrency` slots, so a message
 * push never waits for a fan-out. A bulk job starts only when the pacer has room (loop-pacer.ts:
 * the event loop was busy at most `bulkMaxUtilization` of the last 20–40 ms, or one start per
 * 20 ms under steady load), so a fan-out takes the event loop's spare time instead of the
 * requests'.
 */
export class DeliveryQueue<J> {
  private readonly lanes = { interactive: new Fifo<TQueued<J>>(), bulk: new Fifo<TQueued<J>>() };
  private running = 0;
  private runningBulk = 0;
  private readonly timers = new Set<NodeJS.Timeout>();
  private idleWaiters: (() => void)[] = [];
  /** A start of that lane is scheduled (interactive: the next turn; bulk: when the pacer has room). */
  private readonly starting = { interactive: false, bulk: false };
  private closed = false;
  private readonly pacer: LoopPacer;
  readonly stats = { delivered: 0, gone: 0, retried: 0, failed: 0, dropped: 0 };
  private readonly concurrency: number;
  private readonly bulkConcurrency: number;
  private readonly maxQueued: number;
  private readonly backoffMs: number[];

  constructor(private readonly options: TDeliveryQueueOptions<J>) {
    this.concurrency = options.concurrency ?? 32;
    this.bulkConcurrency = Math.min(this.concurrency, options.bulkConcurrency ?? 24);
    this.pacer = new LoopPacer(options.bulkMaxUtilization);
    this.maxQueued = options.maxQueued ?? 100_000;
    this.backoffMs = options.backoffMs ?? [2_000, 10_000, 60_000, 5 * 60_000];
  }

  /** Jobs waiting or running. */
  get size(): number {
    return this.lanes.interactive.length + this.lanes.bulk.length + this.running;
  }

  /** Windows in which bulk starts were held for the requests (loop-pacer.ts). */
  get bulkHeldWindows(): number {
    return this.pacer.heldWindows;
  }

  enqueue(job: J, lane: TLane = 'interactive'): void {
    this.push({ job, lane, attempt: 0 });
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
    this.lanes.interactive.clear();
    this.lanes.bulk.clear();
    this.pacer.close();
    this.settle();
  }

  private push(item: TQueued<J>): void {
    if (this.closed) return;
    if (this.size >= this.maxQueued) {
      this.stats.dropped++;
      this.options.log.warn({ queued: this.size }, 'push queue full: notification dropped');
      return;
    }
    this.lanes[item.lane].push(item);
    this.pump();
  }

  private hasSlot(lane: TLane): boolean {
    return this.running < this.concurrency && (lane === 'interactive' || this.runningBulk < this.bulkConcurrency);
  }

  /**
   * Schedules the next start of each lane, if a slot and a job are free and none is scheduled yet:
   * interactive on the next turn, bulk when the pacer has room. A job leaves its lane only when it
   * starts, so an interactive job never waits behind a bulk start held for room.
   */
  private pump(): void {
    for (const lane of ['interactive', 'bulk'] as const) {
      if (this.starting[lane] || this.lanes[lane].length === 0 || !this.hasSlot(lane)) continue;
      this.starting[lane] = true;
      const start = () => {
        this.starting[lane] = false;
        // Interactive first: a bulk start waits while one is waiting.
        const item =
          this.hasSlot(lane) && (lane === 'interactive' || this.lanes.interactive.length === 0) ? this.lanes[lane].shift() : undefined;
        if (item) {
          this.running++;
          if (lane === 'bulk') this.runningBulk++;
          void this.run(item);
        }
        this.pump();
      };
      if (lane === 'interactive') setImmediate(start);
      else void this.pacer.room().then(start);
    }
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
          this.push({ ...item, attempt: item.attempt + 1 });
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
      if (item.lane === 'bulk') this.runningBulk--;
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
