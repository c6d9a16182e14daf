import { index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { virtualContacts } from './contacts.ts';

/** Recently viewed cards of an account (docs/contracts.md §3 "Recently viewed"), one row per card, capped per account. */
export const accountRecents = pgTable(
  'account_recents',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => virtualContacts.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.contactId] }), index('account_recents_viewed_idx').on(t.accountId, t.viewedAt)],
);
