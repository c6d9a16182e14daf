import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { TAnnouncement } from '@vbc/shared/announcement';
import type { Db } from '../platform/db/client.ts';
import { askedAccounts, batchedStatement, oneByElement } from '../platform/db/batched-statement.ts';
import { jsonArrayText, jsonLiteral, jsonText } from '../platform/db/json-text.ts';
import { preparedQuery } from '../platform/db/prepared.ts';
import { qualified } from '../platform/db/qualified.ts';
import { announcementRecipients, announcements } from '../platform/db/schema/index.ts';
import { notFound } from '../platform/errors/app-error.ts';
import { attachmentsOf, presentAnnouncement, selectReceived } from './present-announcement.ts';

/** Most announcements one list answer holds (the newest). */
export const ANNOUNCEMENT_LIST_LIMIT = 100;

/**
 * What each account of a batch received, newest first, as the JSON text of TAnnouncementList,
 * written by PostgreSQL with, once, how many of all it received it has not read: one row per
 * element of `askedAccounts` (its number `n`), each element's own page (a lateral subquery: its
 * newest ANNOUNCEMENT_LIST_LIMIT). Each announcement is its `json_fields`, which the database keeps
 * written (migration 0036: presentAnnouncement's answer but `isRead`), and the account's read mark.
 * Prepared once and batched (every home screen reads it): the lists asked for at once under load
 * are one statement over the array of their accounts (platform/db/batched-statement.ts). (An
 * account without a row received nothing, so has nothing unread.) Rows made into objects and then
 * into JSON cost the server more than the rest of the request (docs/benchmarks.md, "The
 * announcements list written by PostgreSQL"), and the JSON written for each row on each read cost
 * the database more than reading it ("An announcement's JSON kept by the database").
 */
const receivedLists = batchedStatement(
  preparedQuery((db) => {
    const r = announcementRecipients;
    const page = db
      .select({
        id: announcements.id,
        publishedAt: announcements.publishedAt,
        json: sql<string>`'{' || ${announcements.jsonFields} || ',"isRead":' || (${r.readAt} is not null)::text || '}'`.as('json'),
      })
      .from(r)
      .innerJoin(announcements, eq(announcements.id, r.announcementId))
      .where(eq(r.accountId, sql`asked.account_id`))
      .orderBy(desc(announcements.publishedAt), desc(announcements.id))
      .limit(ANNOUNCEMENT_LIST_LIMIT)
      .as('page');
    // An aggregate of the page: always one row, `[]` when nothing was received.
    const list = db
      .select({
        json: sql<string>`${
          jsonText({
            announcements: jsonArrayText(page.json, sql`${page.publishedAt} desc, ${page.id} desc`),
            unreadCount: jsonLiteral(
              sql`(select count(*) from ${r} where ${qualified(r.accountId)} = asked.account_id and ${qualified(r.readAt)} is null)`,
            ),
          }).jsonText
        }`.as('json'),
      })
      .from(page)
      .as('list');
    return db
      .select({ n: sql<number>`asked.n`, json: list.json })
      .from(askedAccounts)
      .crossJoinLateral(list)
      .prepare('received_announcement_lists_json');
  }),
  async (statement, accountIds: readonly string[]) =>
    oneByElement(accountIds.length, await statement.execute({ accountIds }), (row) => row.json, ''),
);

/** GET /api/personalAccount/announcements: what the account received, newest first, each with `isRead` (JSON text of TAnnouncementList). */
export async function listAnnouncements(db: Db, accountId: string): Promise<string> {
  return receivedLists(db, accountId);
}

/** docs/contracts.md §7 announcement/{id}: one the account received, else 404 (anyone else, drafts, withdrawn). */
export async function findAnnouncement(db: Db, accountId: string, announcementId: string): Promise<TAnnouncement> {
  const [row] = await selectReceived(db, accountId, announcementId).limit(1);
  if (!row) throw notFound('announcement');
  const attachments = await attachmentsOf(db, [row.row.id]);
  return presentAnnouncement(row, attachments.get(row.row.id) ?? [], row.readAt !== null);
}

/** POST …/announcement/{id}/read: marks it read for the account (the first time counts); 404 for a non-recipient. */
export async function markAnnouncementRead(db: Db, accountId: string, announcementId: string, now = new Date()): Promise<void> {
  const where = and(eq(announcementRecipients.accountId, accountId), eq(announcementRecipients.announcementId, announcementId));
  const [row] = await db.select({ readAt: announcementRecipients.readAt }).from(announcementRecipients).where(where).limit(1);
  if (!row) throw notFound('announcement');
  if (row.readAt === null)
    await db
      .update(announcementRecipients)
      .set({ readAt: now })
      .where(and(where, isNull(announcementRecipients.readAt)));
}
