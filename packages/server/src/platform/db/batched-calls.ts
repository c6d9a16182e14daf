import { isDatabaseUnavailable } from './unavailable.ts';

/** How many calls go in one batch, and how many batches may run at once. */
export interface TBatchedCallsOptions {
  maxBatch?: number;
  maxInFlight?: number;
  /**
   * How long (ms) a call waits for a running batch before its own starts beside it anyway
   * (default 20): a batch that hangs (a silent database, its timeout) holds the calls behind it
   * this long, not for the whole of its timeout.
   */
  spreadAfterMs?: number;
}

interface TWaiting<TIn, TOut> {
  item: TIn;
  /** When the call was made (performance.now()). */
  at: number;
  resolve(value: TOut): void;
  reject(error: unknown): void;
}

/**
 * Many small database calls as few statements (for writes, group commit in the application). A
 * call that finds no batch running goes at once (a lone request waits for nothing); calls that
 * arrive while one runs wait, and go together in the next batch (at most `maxBatch`) when it ends.
 * Under load, N requests then cost one round trip instead of N, and for a write one commit (one
 * WAL flush). Another batch starts beside the running ones (up to `maxInFlight`) only when more
 * calls wait than a batch takes, or when the first has waited `spreadAfterMs`: a heavy load still
 * spreads over several of the database's connections, and a hung batch holds no one for long.
 * Starting a batch whenever fewer than `maxInFlight` ran (the rule before) made batches of one or
 * two at a few thousand requests a second: the send's reads ran once a send, and the database did
 * about 60 % more work a send (docs/benchmarks.md, "Batches that wait for the running one").
 *
 * `run` answers one result per item, in order. A batch of several that fails runs again one call
 * at a time, so one call's error stays its own and the others still get their answers; unless the
 * database is unavailable (isDatabaseUnavailable), when every call fails at once: a silent
 * database's timeout is waited for once, not once more per call (platform/health's silent outages).
 */
export function batchedCalls<TIn, TOut>(
  run: (items: readonly TIn[]) => Promise<readonly TOut[]>,
  { maxBatch = 64, maxInFlight = 4, spreadAfterMs = 20 }: TBatchedCallsOptions = {},
): (item: TIn) => Promise<TOut> {
  const waiting: TWaiting<TIn, TOut>[] = [];
  let inFlight = 0;
  /** Armed while calls wait beside room for another batch: starts one when the first has waited spreadAfterMs. */
  let spreadTimer: NodeJS.Timeout | undefined;

  const settle = async (batch: TWaiting<TIn, TOut>[]) => {
    try {
      const results = await run(batch.map((w) => w.item));
      if (results.length !== batch.length) throw new Error(`batchedCalls: ${results.length} results for ${batch.length} items`);
      batch.forEach((w, i) => w.resolve(results[i]!));
    } catch (error) {
      // The database away (a timeout, a lost connection): each call alone would wait for it again,
      // so every call of the batch fails with it at once.
      if (batch.length === 1 || isDatabaseUnavailable(error)) for (const w of batch) w.reject(error);
      else await Promise.all(batch.map((w) => settle([w])));
    }
  };

  const waited = () => performance.now() - waiting[0]!.at;
  const pump = () => {
    while (waiting.length > 0 && (inFlight === 0 || (inFlight < maxInFlight && (waiting.length > maxBatch || waited() >= spreadAfterMs)))) {
      inFlight++;
      void settle(waiting.splice(0, maxBatch)).finally(() => {
        inFlight--;
        pump();
      });
    }
    if (waiting.length > 0 && inFlight < maxInFlight && spreadTimer === undefined) {
      spreadTimer = setTimeout(
        () => {
          spreadTimer = undefined;
          pump();
        },
        Math.max(1, spreadAfterMs - waited()),
      ).unref();
    }
  };

  return (item) =>
    new Promise<TOut>((resolve, reject) => {
      waiting.push({ item, at: performance.now(), resolve, reject });
      pump();
    });
}
