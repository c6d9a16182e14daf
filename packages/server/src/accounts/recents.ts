import { and, desc, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import { isQuickId, isUuid, normalizeQuickId, type TRecentCard, type ZMergeRecents } from '@vbc/shared';
import type { z } from 'zod';
import type { Db } from '../platform/db/client.ts';
import { allByElement, askedAccounts, batchedStatement } from '../platform/db/batched-statement.ts';
import { preparedQuery } from '../platform/db/prepared.ts';
import { accountRecents, virtualContacts } from '../platform/db/schema/index.ts';
import { cardSummaryColumns, presentCardSummary } from '../cards/index.ts';

/** Recently viewed cards kept per account. */
export const RECENTS_CAP = 100;

/**
 * Each account's recently viewed cards with their summary columns, newest first, at most
 * RECENTS_CAP (a lateral subquery per account of the batch). Prepared once and batched (every home
 * screen reads it): the reads that meet under load are one statement over the array of their
 * accounts, one list per element (`n`), in order (platform/db/batched-statement.ts).
 */
const recentsOfAccounts = batchedStatement(
  preparedQuery((db) => {
    const recent = db
      .select({ card: cardSummaryColumns, viewedAt: accountRecents.viewedAt })
      .from(accountRecents)
      .innerJoin(virtualContacts, eq(virtualContacts.id, accountRecents.contactId))
      .where(eq(accountRecents.accountId, sql`asked.account_id`))
      .orderBy(desc(accountRecents.viewedAt), desc(accountRecents.contactId))
      .limit(RECENTS_CAP)
      .as('recent');
    return db
      .select({ n: sql<number>`asked.n`, card: recent.card, viewedAt: recent.viewedAt })
      .from(askedAccounts)
      .crossJoinLateral(recent)
      .orderBy(sql`asked.n`, desc(recent.viewedAt), desc(recent.card.id))
      .prepare('account_recents_of_accounts');
  }),
  async (statement, accountIds: readonly string[]): Promise<TRecentCard[][]> =>
    // Object.assign, not `{ ...summary, time }`: V8 adds a key after a spread by a runtime call (present-card.ts).
    allByElement(accountIds.length, await statement.execute({ accountIds }), (r) =>
      Object.assign(presentCardSummary(r.card), { time: r.viewedAt.getTime() }),
    ),
);

/** The account's recently viewed cards, newest first: one batched read (`recentsOfAccounts`). */
export async function listRecents(db: Db, accountId: string): Promise<TRecentCard[]> {
  return recentsOfAccounts(db, accountId);
}

/**
 * mergeRecentlyViewedVbc: merges the device's list (full ids or quickIds, with
 * view times) into the account's. One entry per card with its latest time;
 * times in the future count as now; unknown ids are skipped; the oldest beyond
 * RECENTS_CAP are dropped. Returns the merged list, newest first.
 */
export async function mergeRecents(
  db: Db,
  accountId: string,
  entries: z.output<typeof ZMergeRecents>['recents'],
  now: Date,
): Promise<TRecentCard[]> {
  const ids = new Set<string>();
  const quickIds = new Set<string>();
  for (const { id } of entries) {
    if (isUuid(id)) ids.add(id.toLowerCase());
    else if (isQuickId(normalizeQuickId(id))) quickIds.add(normalizeQuickId(id));
  }
  if (ids.size + quickIds.size > 0) {
    const found = await db
      .select({ id: virtualContacts.id, quickId: virtualContacts.quickId })
      .from(virtualContacts)
      .where(
        or(
          ids.size ? inArray(virtualContacts.id, [...ids]) : undefined,
          quickIds.size ? inArray(virtualContacts.quickId, [...quickIds]) : undefined,
        ),
      );
    const byKey = new Map<string, string>();
    for (const f of found) {
      byKey.set(f.id, f.id);
      byKey.set(f.quickId, f.id);
    }
    const latest = new Map<string, number>();
    for (const { id, time } of entries) {
      const contactId = byKey.get(isUuid(id) ? id.toLowerCase() : normalizeQuickId(id));
      if (contactId) latest.set(contactId, Math.max(latest.get(contactId) ?? 0, Math.min(time, now.getTime())));
    }
    if (latest.size > 0) {
      await db
        .insert(accountRecents)
        .values([...latest].map(([contactId, time]) => ({ accountId, contactId, viewedAt: new Date(time) })))
        .onConflictDoUpdate({
          target: [accountRecents.accountId, accountRecents.contactId],
          set: { viewedAt: sql`greatest(${accountRecents.viewedAt}, excluded.viewed_at)` },
        });
      const keep = db
        .select({ contactId: accountRecents.contactId })
        .from(accountRecents)
        .where(eq(accountRecents.accountId, accountId))
        .orderBy(desc(accountRecents.viewedAt), desc(accountRecents.contactId))
        .limit(RECENTS_CAP);
      await db.delete(accountRecents).where(and(eq(accountRecents.accountId, accountId), notInArray(accountRecents.contactId, keep)));
    }
  }
  return listRecents(db, accountId);
}
