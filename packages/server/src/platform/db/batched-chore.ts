import type { FastifyInstance } from 'fastify';

/**
 * Periodic work on rows, a batch at a time: a sweep deletes rows no longer needed (and what they
 * hold), a fill writes what rows still lack.
 */
export interface TBatchedChore {
  /** What a pass did, for the log ("unused uploads swept", "card summaries written"). */
  done: string;
  /** How often each instance makes a pass. */
  everyMs: number;
  /** Most rows one batch takes; a full batch is followed by another at once. */
  batch: number;
  /** Works through one batch (instances working at once take different rows: SKIP LOCKED) and answers how many rows it took. */
  runBatch(): Promise<number>;
}

/**
 * The one way rows are swept or filled in the background: each instance runs `runBatch` on a
 * timer until the app closes, batch after batch while they come back full; a failed pass is
 * logged and the next one tries again. The timer keeps no process alive.
 */
export function scheduleBatchedChore(app: FastifyInstance, chore: TBatchedChore): void {
  const pass = async () => {
    try {
      let count = 0;
      for (;;) {
        const taken = await chore.runBatch();
        count += taken;
        if (taken < chore.batch) break;
      }
      if (count > 0) app.log.info({ count }, chore.done);
    } catch (error) {
      app.log.error({ err: error }, `a pass failed (${chore.done})`);
    }
  };
  const timer = setInterval(() => void pass(), chore.everyMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
