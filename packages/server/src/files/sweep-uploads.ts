import { and, inArray, isNull, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../platform/db/client.ts';
import { scheduleBatchedChore } from '../platform/db/batched-chore.ts';
import { displayItems } from '../platform/db/schema/index.ts';
import type { FileStorage } from './storage.ts';

/** An upload nothing has shown for this long is deleted (time enough to finish editing a card). */
export const UNUSED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
/** How often each instance sweeps, and how many pictures one pass deletes at most. */
const SWEEP_EVERY_MS = 60 * 60 * 1000;
const SWEEP_BATCH = 500;

/**
 * Deletes pictures uploaded before `olderThan` that no card, pet or message has
 * shown (an editor closed before saving, a replaced choice; an upload's unused
 * high-res size goes with its normal one unless that was claimed). Instances
 * sweeping at once take different rows (SKIP LOCKED). Returns the storage keys
 * to remove now that the rows are gone.
 */
export async function sweepUnusedUploads(db: Db, olderThan: Date, batch = SWEEP_BATCH): Promise<string[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: displayItems.id, storageKey: displayItems.storageKey })
      .from(displayItems)
      .where(and(isNull(displayItems.attachedAt), lt(displayItems.createdAt, olderThan)))
      .orderBy(displayItems.createdAt)
      .limit(batch)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const ids = due.map((d) => d.id);
    // Their other sizes go with them (the foreign key cascades), so their files are gathered first.
    const variants = await tx
      .select({ storageKey: displayItems.storageKey })
      .from(displayItems)
      .where(inArray(displayItems.variantOf, ids));
    await tx.delete(displayItems).where(inArray(displayItems.id, ids));
    return [...new Set([...due, ...variants].map((r) => r.storageKey))];
  });
}

/** Sweeps on a timer until the app closes (`scheduleBatchedChore`), removing each swept picture's files. */
export function scheduleUploadSweep(app: FastifyInstance, storage: FileStorage): void {
  scheduleBatchedChore(app, {
    done: 'unused uploads swept',
    everyMs: SWEEP_EVERY_MS,
    batch: SWEEP_BATCH,
    async runBatch() {
      const keys = await sweepUnusedUploads(app.db, new Date(Date.now() - UNUSED_UPLOAD_TTL_MS));
      await Promise.all(
        keys.map((key) =>
          storage.delete(key).catch((error: unknown) => app.log.warn({ err: error, key }, 'could not remove a swept upload')),
        ),
      );
      return keys.length;
    },
  });
}
