import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { corporateProfiles } from './corporate.ts';

/** A business that publishes a corporate profile and announcements; operators create it (DESIGN §9). */
export const corporateAccounts = pgTable('corporate_accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  corporateProfileId: uuid('corporate_profile_id').notNull().references(() => corporateProfiles.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Personal accounts that act for a corporate account (publish its announcements). */
export const corporateAccountMembers = pgTable(
  'corporate_account_members',
  {
    corporateAccountId: uuid('corporate_account_id').notNull().references(() => corporateAccounts.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.corporateAccountId, t.accountId] }), index('corporate_members_account_idx').on(t.accountId)],
);
