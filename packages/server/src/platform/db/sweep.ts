import type { FastifyInstance } from 'fastify';

/** A periodic deletion of rows (and what they hold) that are no longer needed. */
export interface TSweep {
  /** What is swept, for the log ("unused uploads"). */
  what: string;
  /** How often each instance sweeps. */
  everyMs: number;
  /** Most rows one batch removes; a full batch is followed by another at once. */
  batch: number;
  /** Removes one batch (instances sweeping at once take different rows: SKIP LOCKED) and answers how many it removed. */
  removeBatch(): Promise<number>;
}

/**
 * The one way expiring rows are swept: each instance runs `removeBatch` on a timer until the app
 * closes, batch after batch while they come back full; a failed pass is logged and the next one
 * tries again. The timer keeps no process alive.
 */
export function scheduleSweep(app: FastifyInstance, sweep: TSweep): void {
  const pass = async () => {
    try {
      let count = 0;
      for (;;) {
        const removed = await sweep.removeBatch();
        count += removed;
        if (removed < sweep.batch) break;
      }
      if (count > 0) app.log.info({ count }, `swept ${sweep.what}`);
    } catch (error) {
      app.log.error({ err: error }, `sweeping ${sweep.what} failed`);
    }
  };
  const timer = setInterval(() => void pass(), sweep.everyMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
