import { inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../platform/db/client.ts';
import { scheduleBatchedChore } from '../platform/db/batched-chore.ts';
import { virtualContacts } from '../platform/db/schema/index.ts';

/** How often each instance looks for cards whose summary is still to be written, until a look finds none. */
const FILL_EVERY_MS = 60_000;
/** Cards written a batch: 0.24–0.46 s of the database on the deployment bench's data (docs/benchmarks.md). */
const FILL_BATCH = 1_000;

/**
 * Writes the summary (migration 0039's `virtual_contact_summary_json`) of up to `batch` cards
 * that have none: those stored before that migration, found by its partial index. Instances
 * filling at once take different cards (SKIP LOCKED). Answers how many it wrote.
 */
export async function fillCardSummaries(db: Db, batch = FILL_BATCH): Promise<number> {
  const missing = db
    .select({ id: virtualContacts.id })
    .from(virtualContacts)
    .where(isNull(virtualContacts.summaryJson))
    .limit(batch)
    .for('update', { skipLocked: true });
  const written = await db
    .update(virtualContacts)
    .set({ summaryJson: sql`virtual_contact_summary_json(${virtualContacts})` })
    .where(inArray(virtualContacts.id, missing))
    .returning({ id: virtualContacts.id });
  return written.length;
}

/** Fills the missing summaries on a timer until the app closes (`scheduleBatchedChore`). */
export function scheduleSummaryFill(app: FastifyInstance): void {
  scheduleBatchedChore(app, {
    done: 'card summaries written',
    everyMs: FILL_EVERY_MS,
    batch: FILL_BATCH,
    runBatch: () => fillCardSummaries(app.db),
    stopsWhenDone: true,
  });
}
