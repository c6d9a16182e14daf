/**
 * Announcements (docs/contracts.md §3 Announcement, §7 announcement/{id}, docs/contracts.md §D4, §D5 AnnouncementPublished, §D9):
 * request schemas shared by the server routes and the console's editor, and the shapes the API and
 * the hub answer with. Import as `@vbc/shared/announcement`.
 */
import { z } from 'zod';

/** Longest title and markdown content, in characters. */
export const ANNOUNCEMENT_TITLE_MAX = 200;
export const ANNOUNCEMENT_CONTENT_MAX = 20_000;
/** Most documents one announcement carries. */
export const ANNOUNCEMENT_ATTACHMENTS_MAX = 10;

/** Hub method of docs/contracts.md §D5: a new announcement's summary, to every recipient's connections. */
export const ANNOUNCEMENT_HUB_EVENT = 'AnnouncementPublished';

const uuid = (what: string) =>
  z
    .string()
    .trim()
    .uuid(`must be a ${what} id`)
    .transform((v) => v.toLowerCase());

/** A document upload (POST /api/files/document) by id, or as the upload answered it. */
const ZAttachmentRef = z.union([
  uuid('documentFileItemId'),
  z.object({ documentFileItemId: uuid('documentFileItemId') }).transform((v) => v.documentFileItemId),
]);

/** What an author writes: title, markdown, an optional header picture and documents. */
const announcementFields = {
  title: z
    .string({ error: 'Required.' })
    .trim()
    .min(1, 'Required.')
    .max(ANNOUNCEMENT_TITLE_MAX, `Max ${ANNOUNCEMENT_TITLE_MAX} characters`),
  /** Markdown; the web app renders it, then sanitizes the HTML. */
  content: z.string().max(ANNOUNCEMENT_CONTENT_MAX, `Max ${ANNOUNCEMENT_CONTENT_MAX} characters`).default(''),
  /** Header picture: the displayItemId (or obsecuredDisplayItemId) of an upload; null for none. */
  imageId: z.string().trim().min(1).max(100).nullable().default(null),
  attachments: z.array(ZAttachmentRef).max(ANNOUNCEMENT_ATTACHMENTS_MAX, `At most ${ANNOUNCEMENT_ATTACHMENTS_MAX} attachments`).default([]),
};

/** POST /api/admin/announcements (docs/contracts.md §D9): product-wide, or on behalf of a business. */
export const ZAdminAnnouncementInput = z.object({
  ...announcementFields,
  corporateAccountId: uuid('corporate account')
    .nullish()
    .transform((v) => v ?? null),
});
export type TAdminAnnouncementInput = z.input<typeof ZAdminAnnouncementInput>;

/** POST /api/corporate/{corporateAccountId}/announcements: `publish: false` keeps a draft. */
export const ZCorporateAnnouncementInput = z.object({ ...announcementFields, publish: z.boolean().default(true) });
export type TCorporateAnnouncementInput = z.input<typeof ZCorporateAnnouncementInput>;

/** PUT /api/corporate/{corporateAccountId}/announcements/{id}: the fields sent change; `publish: true` publishes a draft. */
export const ZCorporateAnnouncementUpdate = z.object({
  title: announcementFields.title.optional(),
  content: z.string().max(ANNOUNCEMENT_CONTENT_MAX, `Max ${ANNOUNCEMENT_CONTENT_MAX} characters`).optional(),
  imageId: z.string().trim().min(1).max(100).nullable().optional(),
  attachments: announcementFields.attachments.optional(),
  publish: z.boolean().optional(),
});
export type TCorporateAnnouncementUpdate = z.input<typeof ZCorporateAnnouncementUpdate>;

export const ZAnnouncementAttachment = z.object({ name: z.string(), contentType: z.string(), documentFileItemId: z.string() });
export type TAnnouncementAttachment = z.infer<typeof ZAnnouncementAttachment>;

/** docs/contracts.md §3 Announcement, as a recipient reads it (`isRead`: this account opened it). */
export const ZAnnouncement = z.object({
  announcementId: z.string(),
  title: z.string(),
  content: z.string(),
  /** The header picture's public id (for /ds/vbc/odisplay/{imageId}), or null. */
  imageId: z.string().nullable(),
  corporateAccountId: z.string().nullable(),
  /** The business's name; null for a product-wide announcement ('From V.B.C.'). */
  corporateName: z.string().nullable(),
  publishedAt: z.string().nullable(),
  lastUpdatedAt: z.string(),
  attachments: z.array(ZAnnouncementAttachment),
  isRead: z.boolean(),
});
export type TAnnouncement = z.infer<typeof ZAnnouncement>;

/** GET /api/personalAccount/announcements: newest first, and how many are unread. */
export const ZAnnouncementList = z.object({ announcements: z.array(ZAnnouncement), unreadCount: z.number().int() });
export type TAnnouncementList = z.infer<typeof ZAnnouncementList>;

/** An announcement as its authors see it in the console (drafts too; `recipientCount` once published). */
export const ZAuthoredAnnouncement = ZAnnouncement.omit({ isRead: true }).extend({
  isDraft: z.boolean(),
  recipientCount: z.number().int(),
});
export type TAuthoredAnnouncement = z.infer<typeof ZAuthoredAnnouncement>;

/** docs/contracts.md §D5 AnnouncementPublished argument. */
export const ZAnnouncementSummary = ZAnnouncement.pick({
  announcementId: true,
  title: true,
  imageId: true,
  corporateAccountId: true,
  corporateName: true,
  publishedAt: true,
  lastUpdatedAt: true,
});
export type TAnnouncementSummary = z.infer<typeof ZAnnouncementSummary>;
