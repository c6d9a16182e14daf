import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { corporateAccounts } from './corporate-accounts.ts';
import { displayItems, documentFiles } from './files.ts';

/**
 * An announcement (docs/contracts.md §3): product-wide when `corporateAccountId` is null, else a business's.
 * A draft has no `publishedAt`; its recipients are written when it is published.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    corporateAccountId: uuid('corporate_account_id').references(() => corporateAccounts.id, { onDelete: 'cascade' }),
    /** Who wrote it in the console; null for the operator (admin API) or a deleted account. */
    authorAccountId: uuid('author_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    /** Markdown, stored as written; rendered then sanitized by the reader. */
    content: text('content').notNull().default(''),
    imageDisplayItemId: uuid('image_display_item_id').references(() => displayItems.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    lastUpdatedAt: timestamp('last_updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The announcement as a recipient's list writes it, without `isRead`: the members of its JSON
     * object, no braces (`"announcementId":…,"attachments":[…]`). Written by the database alone, by
     * triggers of migration 0036 on this table, its attachments and its business's name, whatever
     * code writes them; the default is never seen (a trigger writes it first).
     */
    jsonFields: text('json_fields').notNull().default(''),
  },
  (t) => [index('announcements_corporate_idx').on(t.corporateAccountId, t.createdAt)],
);

/** An announcement's documents, in the order the author gave them. */
export const announcementAttachments = pgTable(
  'announcement_attachments',
  {
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    documentFileId: uuid('document_file_id')
      .notNull()
      .references(() => documentFiles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.documentFileId] })],
);

/**
 * Who receives a published announcement, written once at publication in one set-based insert
 * (every account, or a business's members ∪ followers); `readAt` is the read mark.
 */
export const announcementRecipients = pgTable(
  'announcement_recipients',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.announcementId] }),
    index('announcement_recipients_announcement_idx').on(t.announcementId),
    index('announcement_recipients_unread_idx')
      .on(t.accountId)
      .where(sql`${t.readAt} is null`),
  ],
);
