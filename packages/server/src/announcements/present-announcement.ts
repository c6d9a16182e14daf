import { and, asc, eq, inArray, type Placeholder, type SQL } from 'drizzle-orm';
import type { TAnnouncement, TAnnouncementAttachment, TAnnouncementSummary } from '@vbc/shared/announcement';
import type { Db } from '../platform/db/client.ts';
import { columnsWithout } from '../platform/db/columns-without.ts';
import {
  announcementAttachments,
  announcementRecipients,
  announcements,
  corporateAccounts,
  corporateProfiles,
  displayItems,
  documentFiles,
} from '../platform/db/schema/index.ts';

/** An announcement's columns but `json_fields`, which only the recipients' list reads (read-announcements.ts). */
const announcementRow = columnsWithout(announcements, 'jsonFields');

export type AnnouncementRow = Omit<typeof announcements.$inferSelect, 'jsonFields'>;

/** The columns every read selects: the row, the business's shown name and the header picture's public id. */
export const announcementColumns = {
  row: announcementRow,
  corporateName: corporateProfiles.name,
  imageObsecuredId: displayItems.obsecuredId,
};

/** A select of announcements with what presenting them needs (left joins: product-wide ones have no business). */
export function selectAnnouncements(db: Db) {
  return db
    .select(announcementColumns)
    .from(announcements)
    .leftJoin(corporateAccounts, eq(corporateAccounts.id, announcements.corporateAccountId))
    .leftJoin(corporateProfiles, eq(corporateProfiles.id, corporateAccounts.corporateProfileId))
    .leftJoin(displayItems, eq(displayItems.id, announcements.imageDisplayItemId));
}

/**
 * The same, with the account's read mark: only announcements it received (or only this one of
 * them); `accountId` may be a placeholder (a prepared statement) or an outer query's column (a
 * batch's element, read-announcements.ts), `extra` more columns.
 */
export function selectReceived<TExtra extends Record<string, SQL | SQL.Aliased>>(
  db: Db,
  accountId: string | Placeholder | SQL,
  announcementId?: string,
  extra: TExtra = {} as TExtra,
) {
  return db
    .select({ ...announcementColumns, readAt: announcementRecipients.readAt, ...extra })
    .from(announcementRecipients)
    .innerJoin(announcements, eq(announcements.id, announcementRecipients.announcementId))
    .leftJoin(corporateAccounts, eq(corporateAccounts.id, announcements.corporateAccountId))
    .leftJoin(corporateProfiles, eq(corporateProfiles.id, corporateAccounts.corporateProfileId))
    .leftJoin(displayItems, eq(displayItems.id, announcements.imageDisplayItemId))
    .where(and(eq(announcementRecipients.accountId, accountId), announcementId ? eq(announcements.id, announcementId) : undefined))
    .$dynamic();
}

/** The attachments of these announcements, by announcement id, in the author's order. */
export async function attachmentsOf(db: Db, announcementIds: string[]): Promise<Map<string, TAnnouncementAttachment[]>> {
  const byId = new Map<string, TAnnouncementAttachment[]>();
  if (announcementIds.length === 0) return byId;
  const rows = await db
    .select({
      announcementId: announcementAttachments.announcementId,
      id: documentFiles.id,
      name: documentFiles.name,
      contentType: documentFiles.contentType,
    })
    .from(announcementAttachments)
    .innerJoin(documentFiles, eq(documentFiles.id, announcementAttachments.documentFileId))
    .where(inArray(announcementAttachments.announcementId, announcementIds))
    .orderBy(asc(announcementAttachments.position));
  for (const r of rows) {
    const list = byId.get(r.announcementId) ?? [];
    list.push({ name: r.name, contentType: r.contentType, documentFileItemId: r.id });
    byId.set(r.announcementId, list);
  }
  return byId;
}

type Selected = { row: AnnouncementRow; corporateName: string | null; imageObsecuredId: string | null };

/** Row → the docs/contracts.md §D5 summary (the hub event and the push carry it). */
export function presentSummary({ row, corporateName, imageObsecuredId }: Selected): TAnnouncementSummary {
  return {
    announcementId: row.id,
    title: row.title,
    imageId: imageObsecuredId,
    corporateAccountId: row.corporateAccountId,
    corporateName: row.corporateAccountId ? corporateName : null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    lastUpdatedAt: row.lastUpdatedAt.toISOString(),
  };
}

/** Row → docs/contracts.md §3 Announcement for a recipient. */
export function presentAnnouncement(selected: Selected, attachments: TAnnouncementAttachment[], isRead: boolean): TAnnouncement {
  return { ...presentSummary(selected), content: selected.row.content, attachments, isRead };
}
