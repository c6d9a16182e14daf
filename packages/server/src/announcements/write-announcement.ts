import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  TAnnouncementSummary,
  TAuthoredAnnouncement,
  ZAdminAnnouncementInput,
  ZCorporateAnnouncementInput,
  ZCorporateAnnouncementUpdate,
} from '@vbc/shared/announcement';
import type { Db } from '../platform/db/client.ts';
import { announcementRecipients, announcements, corporateAccounts } from '../platform/db/schema/index.ts';
import { badRequest, notFound } from '../platform/errors/app-error.ts';
import { claimHeaderImage, setAttachments } from './attach-files.ts';
import { attachmentsOf, presentSummary, selectAnnouncements } from './present-announcement.ts';
import { writeRecipients } from './recipients.ts';

/** Who writes: the operator (admin API, any stored file) or a business's editor (their own uploads). */
export type TAuthor = { kind: 'operator' } | { kind: 'member'; accountId: string };

/** A write's result: the announcement as its authors see it, and, when it was just published, whom to tell. */
export interface TWriteResult {
  announcement: TAuthoredAnnouncement;
  published: { summary: TAnnouncementSummary; recipients: string[] } | null;
}

const ownerOf = (author: TAuthor) => (author.kind === 'member' ? author.accountId : null);

/** One announcement as its authors see it (drafts too), scoped to its business (null: product-wide). */
export async function findAuthoredAnnouncement(
  db: Db,
  corporateAccountId: string | null,
  announcementId: string,
): Promise<TAuthoredAnnouncement> {
  const list = await authored(db, and(eq(announcements.id, announcementId), scope(corporateAccountId)));
  if (!list[0]) throw notFound('announcement');
  return list[0];
}

/** Console: a business's announcements, drafts included, newest first. */
export async function listCorporateAnnouncements(db: Db, corporateAccountId: string): Promise<TAuthoredAnnouncement[]> {
  return authored(db, eq(announcements.corporateAccountId, corporateAccountId));
}

const scope = (corporateAccountId: string | null) =>
  corporateAccountId === null ? undefined : eq(announcements.corporateAccountId, corporateAccountId);

async function authored(db: Db, where: ReturnType<typeof and>): Promise<TAuthoredAnnouncement[]> {
  const rows = await selectAnnouncements(db).where(where).orderBy(desc(announcements.createdAt)).limit(200);
  const ids = rows.map((r) => r.row.id);
  const attachments = await attachmentsOf(db, ids);
  const counts = ids.length
    ? await db
        .select({ id: announcementRecipients.announcementId, n: count() })
        .from(announcementRecipients)
        .where(inArray(announcementRecipients.announcementId, ids))
        .groupBy(announcementRecipients.announcementId)
    : [];
  return rows.map((r) => ({
    ...presentSummary(r),
    content: r.row.content,
    attachments: attachments.get(r.row.id) ?? [],
    isDraft: r.row.publishedAt === null,
    recipientCount: Number(counts.find((c) => c.id === r.row.id)?.n ?? 0),
  }));
}

/** Publishes now: sets `publishedAt` and writes the recipients in one statement. */
async function publish(tx: Db, id: string, corporateAccountId: string | null, now: Date): Promise<string[]> {
  await tx.update(announcements).set({ publishedAt: now, lastUpdatedAt: now }).where(eq(announcements.id, id));
  return writeRecipients(tx, id, corporateAccountId);
}

async function result(db: Db, corporateAccountId: string | null, id: string, recipients: string[] | null): Promise<TWriteResult> {
  const announcement = await findAuthoredAnnouncement(db, corporateAccountId, id);
  const { announcementId, title, imageId, corporateName, publishedAt, lastUpdatedAt } = announcement;
  const summary = {
    announcementId,
    title,
    imageId,
    corporateAccountId: announcement.corporateAccountId,
    corporateName,
    publishedAt,
    lastUpdatedAt,
  };
  return { announcement, published: recipients ? { summary, recipients } : null };
}

/**
 * A new announcement (docs/contracts.md §D9 for the operator, the console's POST for a business): stored with
 * its picture and documents, and published at once unless `publish` is false (a draft). All in
 * one transaction: nothing half-written.
 */
export async function createAnnouncement(
  db: Db,
  author: TAuthor,
  corporateAccountId: string | null,
  input: z.output<typeof ZAdminAnnouncementInput> | z.output<typeof ZCorporateAnnouncementInput>,
  now = new Date(),
): Promise<TWriteResult> {
  const publishNow = 'publish' in input ? input.publish : true;
  const { id, recipients } = await db.transaction(async (tx) => {
    if (corporateAccountId !== null) {
      const [business] = await tx
        .select({ id: corporateAccounts.id })
        .from(corporateAccounts)
        .where(eq(corporateAccounts.id, corporateAccountId))
        .limit(1);
      if (!business) throw badRequest('corporateAccountId: there is no such corporate account.');
    }
    const imageDisplayItemId = input.imageId ? await claimHeaderImage(tx, input.imageId, ownerOf(author)) : null;
    const [row] = await tx
      .insert(announcements)
      .values({
        corporateAccountId,
        authorAccountId: ownerOf(author),
        title: input.title,
        content: input.content,
        imageDisplayItemId,
        lastUpdatedAt: now,
        createdAt: now,
      })
      .returning({ id: announcements.id });
    await setAttachments(tx, row!.id, input.attachments, ownerOf(author));
    return { id: row!.id, recipients: publishNow ? await publish(tx, row!.id, corporateAccountId, now) : null };
  });
  return result(db, corporateAccountId, id, recipients);
}

/** Console PUT: changes the fields sent (bumping `lastUpdatedAt`); `publish: true` publishes a draft. */
export async function updateAnnouncement(
  db: Db,
  author: TAuthor,
  corporateAccountId: string,
  announcementId: string,
  patch: z.output<typeof ZCorporateAnnouncementUpdate>,
  now = new Date(),
): Promise<TWriteResult> {
  const recipients = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(announcements)
      .where(and(eq(announcements.id, announcementId), eq(announcements.corporateAccountId, corporateAccountId)))
      .for('update')
      .limit(1);
    if (!row) throw notFound('announcement');
    if (patch.publish === false && row.publishedAt)
      throw badRequest('publish: a published announcement cannot go back to draft; withdraw it instead.');
    const imageDisplayItemId =
      patch.imageId === undefined
        ? row.imageDisplayItemId
        : patch.imageId === null
          ? null
          : await claimHeaderImage(tx, patch.imageId, ownerOf(author), row.imageDisplayItemId);
    await tx
      .update(announcements)
      .set({ title: patch.title ?? row.title, content: patch.content ?? row.content, imageDisplayItemId, lastUpdatedAt: now })
      .where(eq(announcements.id, row.id));
    if (patch.attachments) await setAttachments(tx, row.id, patch.attachments, ownerOf(author));
    return patch.publish && !row.publishedAt ? publish(tx, row.id, corporateAccountId, now) : null;
  });
  return result(db, corporateAccountId, announcementId, recipients);
}

/** Console DELETE: withdraws (deletes) the announcement; its recipients no longer see it. */
export async function withdrawAnnouncement(db: Db, corporateAccountId: string, announcementId: string): Promise<void> {
  const gone = await db
    .delete(announcements)
    .where(and(eq(announcements.id, announcementId), eq(announcements.corporateAccountId, corporateAccountId)))
    .returning({ id: announcements.id });
  if (gone.length === 0) throw notFound('announcement');
}
