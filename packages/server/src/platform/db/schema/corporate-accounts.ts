import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { corporateProfiles } from './corporate.ts';

/** A business that publishes a corporate profile and announcements; operators create it (docs/contracts.md §D9). */
export const corporateAccounts = pgTable('corporate_accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  corporateProfileId: uuid('corporate_profile_id')
    .notNull()
    .references(() => corporateProfiles.id, { onDelete: 'cascade' }),
  /** When true, the business's directory (its members' linked cards) opens for anyone with the link. */
  directoryPublic: boolean('directory_public').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What a member may do: `admin` everything, `editor` the profile and announcements, `member` read. */
export const CORPORATE_ROLES = ['admin', 'editor', 'member'] as const;
export type CorporateRole = (typeof CORPORATE_ROLES)[number];

/** Personal accounts that belong to a corporate account, each with a role. */
export const corporateAccountMembers = pgTable(
  'corporate_account_members',
  {
    corporateAccountId: uuid('corporate_account_id')
      .notNull()
      .references(() => corporateAccounts.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    role: text('role').$type<CorporateRole>().notNull().default('member'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.corporateAccountId, t.accountId] }), index('corporate_members_account_idx').on(t.accountId)],
);

/** Accounts that follow a business: they receive its announcements and see its directory. */
export const corporateFollowers = pgTable(
  'corporate_followers',
  {
    corporateAccountId: uuid('corporate_account_id')
      .notNull()
      .references(() => corporateAccounts.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.corporateAccountId, t.accountId] }), index('corporate_followers_account_idx').on(t.accountId)],
);
