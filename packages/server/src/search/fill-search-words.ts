import { and, asc, gt, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../platform/db/client.ts';
import { scheduleBatchedChore } from '../platform/db/batched-chore.ts';
import { cardSearchWordsFill, virtualContacts } from '../platform/db/schema/index.ts';

/** How often each instance looks for linked cards whose words are still to be written: one row read once it is done. */
const FILL_EVERY_MS = 60_000;
/** Linked cards written a batch. */
const FILL_BATCH = 1_000;

/** Lower than every uuid: where the fill starts. */
const FIRST_CARD = '00000000-0000-0000-0000-000000000000';

/**
 * Writes the search words (migration 0040's `write_card_search_words`) of the next `batch` cards
 * linked to a business, in id order after where the fill got to, among those stored before that
 * migration; the last batch deletes the fill's row. The cards are locked as they are read, so an
 * edit made meanwhile waits and its trigger writes after; instances filling at once do not both
 * work (the fill's row, SKIP LOCKED). Answers how many cards it wrote.
 */
export async function fillCardSearchWords(db: Db, batch = FILL_BATCH): Promise<number> {
  return db.transaction(async (tx) => {
    const [fill] = await tx.select().from(cardSearchWordsFill).for('update', { skipLocked: true });
    if (fill === undefined) return 0;
    const cards = tx
      .select({
        id: virtualContacts.id,
        corporateProfileId: virtualContacts.corporateProfileId,
        searchText: sql`search_text`.as('search_text'),
      })
      .from(virtualContacts)
      .where(and(isNotNull(virtualContacts.corporateProfileId), gt(virtualContacts.id, fill.afterCardId ?? FIRST_CARD)))
      .orderBy(asc(virtualContacts.id))
      .limit(batch)
      .for('update')
      .as('cards');
    const written = await tx
      .select({ id: cards.id, written: sql`write_card_search_words(${cards.id}, ${cards.corporateProfileId}, ${cards.searchText})` })
      .from(cards)
      .orderBy(asc(cards.id));
    const last = written.at(-1);
    if (written.length < batch || last === undefined) await tx.delete(cardSearchWordsFill);
    else await tx.update(cardSearchWordsFill).set({ afterCardId: last.id });
    return written.length;
  });
}

/** Fills the missing search words on a timer until the app closes (`scheduleBatchedChore`). */
export function scheduleSearchWordsFill(app: FastifyInstance): void {
  scheduleBatchedChore(app, {
    done: 'card search words written',
    everyMs: FILL_EVERY_MS,
    batch: FILL_BATCH,
    runBatch: () => fillCardSearchWords(app.db),
  });
}
