import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { LOCALES, type TLocale } from '@vbc/shared/i18n/locales';

/** A personal account (docs/contracts.md §3). E-mail is stored lower-cased; phone as typed (digits, 09…). */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').unique(),
    phoneNumber: text('phone_number').unique(),
    /** The person's language (issue 31): what the server writes to them in; null follows the device. */
    language: text('language').$type<TLocale>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('accounts_language_ck', sql`${t.language} in (${sql.raw(LOCALES.map((l) => `'${l}'`).join(', '))})`)],
);

/**
 * A signed-in session. The access token and the session id are random and
 * stored only as SHA-256 hashes; `expiresAt` slides forward with use.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    sessionIdHash: text('session_id_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_account_idx').on(t.accountId)],
);
