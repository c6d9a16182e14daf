import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/**
 * What a one-time code is for: proving a contact (sign-in / register), confirming account deletion,
 * or proving a new contact of a signed-in account before it replaces the old one.
 */
export type TOtpPurpose = 'verify' | 'unregister' | 'change_contact';
/** How the code travelled. */
export type TOtpChannel = 'email' | 'phone';

/**
 * One issued one-time code. The code itself is never stored: `codeHash` is an
 * HMAC of (challenge id, code) under the server signing key, so a code is bound
 * to the challenge (purpose + contact + account) it was issued for. A challenge
 * is usable while `invalidatedAt` and `consumedAt` are null and `expiresAt` is ahead;
 * `verifiedAt` marks a correct code that may still be consumed once by registration
 * or account deletion within a short window.
 */
export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose').$type<TOtpPurpose>().notNull(),
    channel: text('channel').$type<TOtpChannel>().notNull(),
    /** Normalised contact: lower-cased e-mail, or the phone number as the account stores it (09…). */
    contact: text('contact').notNull(),
    /** Set for 'unregister' (the account the code may delete) and 'change_contact' (the account it may change). */
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    /** Wrong tries so far; the challenge is invalidated at the limit. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    invalidatedAt: timestamp('invalidated_at', { withTimezone: true }),
  },
  (t) => [index('otp_challenges_contact_idx').on(t.purpose, t.contact)],
);
