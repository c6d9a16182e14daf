import { isDatabaseUnavailable } from './unavailable.ts';

/** How many calls go in one batch, and how many batches may run at once. */
export interface TBatchedCallsOptions {
  maxBatch?: number;
  maxInFlight?: number;
}

interface TWaiting<TIn, TOut> {
  item: TIn;
  resolve(value: TOut): void;
  reject(error: unknown): void;
}

/**
 * Many small database calls as few statements (for writes, group commit in the application). A
 * call that finds fewer than `maxInFlight` batches running goes at once (a lone request waits for
 * nothing); calls that arrive while they are all running wait, and go together in the next batch
 * (at most `maxBatch`). Under load, N requests then cost one round trip instead of N, and for a
 * write one commit (one WAL flush).
 *
 * `run` answers one result per item, in order. A batch of several that fails runs again one call
 * at a time, so one call's error stays its own and the others still get their answers; unless the
 * database is unavailable (isDatabaseUnavailable), when every call fails at once: a silent
 * database's timeout is waited for once, not once more per call (platform/health's silent outages).
 */
export function batchedCalls<TIn, TOut>(
  run: (items: readonly TIn[]) => Promise<readonly TOut[]>,
  { maxBatch = 64, maxInFlight = 4 }: TBatchedCallsOptions = {},
): (item: TIn) => Promise<TOut> {
  const waiting: TWaiting<TIn, TOut>[] = [];
  let inFlight = 0;

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

  const pump = () => {
    while (inFlight < maxInFlight && waiting.length > 0) {
      inFlight++;
      void settle(waiting.splice(0, maxBatch)).finally(() => {
        inFlight--;
        pump();
      });
    }
  };

  return (item) =>
    new Promise<TOut>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      pump();
    });
}
