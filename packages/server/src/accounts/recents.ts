import { and, desc, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import { isQuickId, isUuid, normalizeQuickId, type ZMergeRecents } from '@vbc/shared';
import type { z } from 'zod';
import type { Db } from '../platform/db/client.ts';
import { askedAccounts, batchedStatement, oneByElement } from '../platform/db/batched-statement.ts';
import { jsonArrayText, jsonText } from '../platform/db/json-text.ts';
import { preparedQuery } from '../platform/db/prepared.ts';
import { qualified } from '../platform/db/qualified.ts';
import { accountRecents, virtualContacts } from '../platform/db/schema/index.ts';
import { storedCardSummaryJson } from '../cards/index.ts';

/** Recently viewed cards kept per account. */
export const RECENTS_CAP = 100;

/**
 * Each account's recently viewed cards, newest first, at most RECENTS_CAP, as the JSON text of
 * TRecents written by PostgreSQL: each card as presentCardSummary presents it
 * (storedCardSummaryJson) with `time`, its view's time in milliseconds, truncated as a `Date`
 * read from the row would be. Sent as it comes: rows mapped by drizzle, presented and written
 * again cost the server more than the rest of the request (docs/benchmarks.md). Prepared once and
 * batched (every home screen reads it): the reads that meet under load are one statement over the
 * array of their accounts, one list per element (`n`, platform/db/batched-statement.ts).
 */
const recentsOfAccounts = batchedStatement(
  preparedQuery((db) => {
    const recent = db
      .select({
        json: sql<string>`left(${storedCardSummaryJson.jsonText}, -1) || ',"time":' || floor(extract(epoch from ${qualified(accountRecents.viewedAt)}) * 1000)::bigint || '}'`.as(
          'json',
        ),
        viewedAt: accountRecents.viewedAt,
        contactId: accountRecents.contactId,
      })
      .from(accountRecents)
      .innerJoin(virtualContacts, eq(virtualContacts.id, accountRecents.contactId))
      .where(eq(accountRecents.accountId, sql`asked.account_id`))
      .orderBy(desc(accountRecents.viewedAt), desc(accountRecents.contactId))
      .limit(RECENTS_CAP)
      .as('recent');
    const list = db
      .select({
        json: sql<string>`${jsonText({ recents: jsonArrayText(recent.json, sql`${recent.viewedAt} desc, ${recent.contactId} desc`) }).jsonText}`.as(
          'json',
        ),
      })
      .from(recent)
      .as('list');
    return db
      .select({ n: sql<number>`asked.n`, json: list.json })
      .from(askedAccounts)
      .crossJoinLateral(list)
      .prepare('account_recents_json_of_accounts');
  }),
  async (statement, accountIds: readonly string[]): Promise<string[]> =>
    oneByElement(accountIds.length, await statement.execute({ accountIds }), (row) => row.json, '{"recents":[]}'),
);

/** The account's recently viewed cards, newest first, as the JSON text of TRecents: one batched read (`recentsOfAccounts`). */
export async function listRecents(db: Db, accountId: string): Promise<string> {
  return recentsOfAccounts(db, accountId);
}

/**
 * mergeRecentlyViewedVbc: merges the device's list (full ids or quickIds, with
 * view times) into the account's. One entry per card with its latest time;
 * times in the future count as now; unknown ids are skipped; the oldest beyond
 * RECENTS_CAP are dropped. Returns the merged list, newest first (listRecents' JSON text).
 */
export async function mergeRecents(
  db: Db,
  accountId: string,
  entries: z.output<typeof ZMergeRecents>['recents'],
  now: Date,
): Promise<string> {
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
