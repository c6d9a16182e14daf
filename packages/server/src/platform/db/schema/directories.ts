import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { virtualContacts } from './contacts.ts';

/**
 * An account's own folders of cards. Every account has exactly one "Saved" folder (`isSaved`),
 * made on first use, which cannot be renamed or deleted; names are unique per account, ignoring case.
 */
export const directoryFolders = pgTable(
  'directory_folders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isSaved: boolean('is_saved').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('directory_folders_name_idx').on(t.accountId, sql`lower(${t.name})`),
    uniqueIndex('directory_folders_saved_idx')
      .on(t.accountId)
      .where(sql`${t.isSaved}`),
  ],
);

/** The cards in a folder, each once. */
export const directoryFolderCards = pgTable(
  'directory_folder_cards',
  {
    folderId: uuid('folder_id')
      .notNull()
      .references(() => directoryFolders.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => virtualContacts.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.folderId, t.contactId] }), index('directory_folder_cards_contact_idx').on(t.contactId)],
);
