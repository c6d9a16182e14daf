import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TInvitationCard } from '@vbc/shared/member-import';
import { accounts } from './accounts.ts';
import { corporateAccounts, type CorporateRole } from './corporate-accounts.ts';

/**
 * An invitation to join a business, by e-mail (lower-cased) or phone: the person who signs in with
 * that contact sees it and accepts (becoming a member with `role`) or declines (deleting it).
 */
export const corporateInvitations = pgTable(
  'corporate_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    corporateAccountId: uuid('corporate_account_id')
      .notNull()
      .references(() => corporateAccounts.id, { onDelete: 'cascade' }),
    email: text('email'),
    phoneNumber: text('phone_number'),
    role: text('role').$type<CorporateRole>().notNull().default('member'),
    invitedByAccountId: uuid('invited_by_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** From a CSV import (issue 27): the card that accepting creates, linked to the business; null for a console invitation. */
    card: jsonb('card').$type<TInvitationCard>(),
    /** The invitation e-mail of an import: null (none), `queued`, `sent` or `failed`. */
    mailStatus: text('mail_status').$type<'queued' | 'sent' | 'failed'>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('corporate_invitations_email_idx').on(t.corporateAccountId, t.email),
    uniqueIndex('corporate_invitations_phone_idx').on(t.corporateAccountId, t.phoneNumber),
    index('corporate_invitations_email_lookup_idx').on(t.email),
    index('corporate_invitations_phone_lookup_idx').on(t.phoneNumber),
  ],
);
