import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../platform/db/client.ts';
import { scheduleBatchedChore } from '../platform/db/batched-chore.ts';
import { cardSearchWords, cardSearchWordsFill, searchWords, virtualContacts } from '../platform/db/schema/index.ts';

/** How often each instance looks for linked cards whose words are still to be written, until a look finds none. */
const FILL_EVERY_MS = 60_000;
/** Linked cards written a batch. */
const FILL_BATCH = 1_000;

/** Lower than every uuid: where the fill starts. */
const FIRST_CARD = '00000000-0000-0000-0000-000000000000';

/**
 * Writes the search words of the next `batch` cards linked to a business, in id order after where
 * the fill got to, among those stored before migration 0040; the last batch deletes the fill's row.
 * A card that has words already has them from the trigger (it was written after the migration) and
 * is left as it is. The cards are locked as they are read, so an edit made meanwhile waits and
 * its trigger writes after; instances filling at once do not both work (the fill's row, SKIP
 * LOCKED). One statement a batch: calling the trigger's function card by card, a batch once ran
 * past the query timeout on the deployment bench's data (docs/benchmarks.md). Answers how many
 * cards it took.
 */
export async function fillCardSearchWords(db: Db, batch = FILL_BATCH): Promise<number> {
  return db.transaction(async (tx) => {
    const [fill] = await tx.select().from(cardSearchWordsFill).for('update', { skipLocked: true });
    if (fill === undefined) return 0;
    const result = await tx.execute(sql`
      with cards as (
          select ${virtualContacts.id} as id, ${virtualContacts.corporateProfileId} as profile, ${virtualContacts}.search_text as text
            from ${virtualContacts}
           where ${virtualContacts.corporateProfileId} is not null and ${virtualContacts.id} > ${fill.afterCardId ?? FIRST_CARD}::uuid
           order by ${virtualContacts.id} limit ${batch}
             for update),
        without as (select * from cards c where not exists (select 1 from ${cardSearchWords} w where w.card_id = c.id)),
        vocabulary as (
          insert into ${searchWords} (word) select distinct w from without, search_words_of(without.text) w order by w
          on conflict do nothing),
        written as (
          insert into ${cardSearchWords} (word, corporate_profile_id, card_id)
          select w, without.profile, without.id from without, search_words_of(without.text) w)
      select (select id from cards order by id desc limit 1) as last, (select count(*)::int from cards) as taken`);
    // Both drivers answer { rows }.
    const [row] = (result as unknown as { rows: { last: string | null; taken: number }[] }).rows;
    const taken = row?.taken ?? 0;
    if (taken < batch || !row?.last) await tx.delete(cardSearchWordsFill);
    else await tx.update(cardSearchWordsFill).set({ afterCardId: row.last });
    return taken;
  });
}

/** Fills the missing search words on a timer until the app closes (`scheduleBatchedChore`). */
export function scheduleSearchWordsFill(app: FastifyInstance): void {
  scheduleBatchedChore(app, {
    done: 'card search words written',
    everyMs: FILL_EVERY_MS,
    batch: FILL_BATCH,
    runBatch: () => fillCardSearchWords(app.db),
    stopsWhenDone: true,
  });
}
