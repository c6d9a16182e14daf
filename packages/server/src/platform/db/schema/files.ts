import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/**
 * A stored image variant. `id` is the displayItemId; `obsecuredId` (sic, the
 * wire name) is a random 128-bit public handle for /ds/vbc/odisplay/.
 */
export const displayItems = pgTable(
  'display_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    obsecuredId: text('obsecured_id').notNull().unique(),
    ownerAccountId: uuid('owner_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    /** The item this one is another size of (an upload's high-res variant points at its normal one). */
    variantOf: uuid('variant_of').references((): AnyPgColumn => displayItems.id, { onDelete: 'cascade' }),
    /**
     * When a card, pet or message first showed it; null for an upload nothing has used yet,
     * which files/sweep-uploads.ts deletes after a day.
     */
    attachedAt: timestamp('attached_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('display_items_unattached_idx')
      .on(t.createdAt)
      .where(sql`${t.attachedAt} is null`),
    index('display_items_variant_of_idx').on(t.variantOf),
  ],
);

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
