import { bigint, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/**
 * A stored image variant. `id` is the displayItemId; `obsecuredId` (sic, the
 * wire name) is a random 128-bit public handle for /ds/vbc/odisplay/.
 */
export const displayItems = pgTable('display_items', {
  id: uuid('id').primaryKey().defaultRandom(),
  obsecuredId: text('obsecured_id').notNull().unique(),
  ownerAccountId: uuid('owner_account_id').references(() => accounts.id, { onDelete: 'set null' }),
  contentType: text('content_type').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  storageKey: text('storage_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A stored document, served as an attachment by /ds/vbc/file/{id}. */
export const documentFiles = pgTable('document_files', {
  id: uuid('id').primaryKey().defaultRandom(),
  ownerAccountId: uuid('owner_account_id').references(() => accounts.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  contentType: text('content_type').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  storageKey: text('storage_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
