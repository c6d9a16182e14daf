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
  /**
   * A fill whose work does not come back (rows written since get what it writes as they are
   * written): its timer stops after a pass that found nothing to do. An instance that finds the
   * rest taken by another stops too: that one goes on, and an instance that starts begins anew.
   * A sweep's keeps going.
   */
  stopsWhenDone?: boolean;
}

/**
 * The one way rows are swept or filled in the background: each instance runs `runBatch` on a
 * timer until the app closes, batch after batch while they come back full; a failed pass is
 * logged and the next one tries again. The timer keeps no process alive, and stops with the app,
 * or (`stopsWhenDone`) once a pass finds nothing to do.
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
      else if (chore.stopsWhenDone) clearInterval(timer);
    } catch (error) {
      app.log.error({ err: error }, `a pass failed (${chore.done})`);
    }
  };
  const timer = setInterval(() => void pass(), chore.everyMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
