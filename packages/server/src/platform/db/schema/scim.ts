import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { corporateAccounts } from './corporate-accounts.ts';

/**
 * A business's SCIM bearer token (issue 27): shown once when made, stored only as its SHA-256
 * hash; `hint` is its last four characters, so the console can tell tokens apart.
 */
export const scimTokens = pgTable(
  'scim_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    corporateAccountId: uuid('corporate_account_id')
      .notNull()
      .references(() => corporateAccounts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    hint: text('hint').notNull(),
    createdByAccountId: uuid('created_by_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('scim_tokens_corporate_idx').on(t.corporateAccountId)],
);

/**
 * What an identity provider told us of a person it provisions into a business over SCIM: the
 * attributes the member row has no room for, and `active` (false: deprovisioned, no longer a
 * member, the SCIM resource still answers with `active: false` until it is deleted).
 */
export const scimUsers = pgTable(
  'scim_users',
  {
    corporateAccountId: uuid('corporate_account_id')
      .notNull()
      .references(() => corporateAccounts.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    externalId: text('external_id'),
    active: boolean('active').notNull().default(true),
    givenName: text('given_name'),
    familyName: text('family_name'),
    formattedName: text('formatted_name'),
    displayName: text('display_name'),
    title: text('title'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.corporateAccountId, t.accountId] }), index('scim_users_account_idx').on(t.accountId)],
);
