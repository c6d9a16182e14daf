import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TLeadStatus } from '@vbc/shared/leads';
import { accounts } from './accounts.ts';
import { virtualContacts } from './contacts.ts';
import { corporateAccounts } from './corporate-accounts.ts';

/**
 * A visitor's details left on a card (issue 26, leads/README.md). One lead per owner and person:
 * a later exchange with the same e-mail (lower-cased, `emailKey`) or phone (digits, `phoneKey`)
 * updates it — the partial unique indexes make that hold under concurrent submits. No IP address
 * or user agent is stored.
 */
export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerAccountId: uuid('owner_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The card it came through last (no foreign key: the lead outlives the card, with its name). */
    cardId: uuid('card_id').notNull(),
    cardName: text('card_name').notNull(),
    /** The business whose linked card it came through, when it was linked then: its admins see it. */
    corporateAccountId: uuid('corporate_account_id').references(() => corporateAccounts.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email'),
    emailKey: text('email_key'),
    phone: text('phone'),
    phoneKey: text('phone_key'),
    company: text('company'),
    jobTitle: text('job_title'),
    /** The visitor's note. */
    message: text('message'),
    /** The owner's note. */
    note: text('note'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    status: text('status').$type<TLeadStatus>().notNull().default('new'),
    seen: boolean('seen').notNull().default(false),
    visitorCardId: uuid('visitor_card_id').references(() => virtualContacts.id, { onDelete: 'set null' }),
    visitorAccountId: uuid('visitor_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    source: text('source'),
    consentText: text('consent_text').notNull(),
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
    capturedAt: timestamp('captured_at', { withTimezone: true }).notNull().defaultNow(),
    lastExchangedAt: timestamp('last_exchanged_at', { withTimezone: true }).notNull().defaultNow(),
    exchangeCount: integer('exchange_count').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The `clientRequestId` of the exchange that added this lead (null for leads added before
     * migration 0028, whose requests are all in `lead_requests`). A new lead's request is kept here,
     * on the row itself; `lead_requests` keeps only the requests that merged into a lead.
     */
    clientRequestId: uuid('client_request_id'),
  },
  (t) => [
    uniqueIndex('leads_owner_email_uq')
      .on(t.ownerAccountId, t.emailKey)
      .where(sql`${t.emailKey} is not null`),
    uniqueIndex('leads_owner_phone_uq')
      .on(t.ownerAccountId, t.phoneKey)
      .where(sql`${t.phoneKey} is not null`),
    uniqueIndex('leads_owner_request_uq').on(t.ownerAccountId, t.clientRequestId),
    index('leads_owner_captured_idx').on(t.ownerAccountId, t.capturedAt.desc(), t.id.desc()),
    index('leads_corporate_captured_idx')
      .on(t.corporateAccountId, t.capturedAt.desc(), t.id.desc())
      .where(sql`${t.corporateAccountId} is not null`),
  ],
);

/**
 * Each exchange request that merged into an existing lead, by the client's `clientRequestId` (unique
 * per owner): the same id again answers the same lead and changes nothing. The request that added a
 * lead is `leads.client_request_id` (leads/README.md).
 */
export const leadRequests = pgTable(
  'lead_requests',
  {
    ownerAccountId: uuid('owner_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    clientRequestId: uuid('client_request_id').notNull(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ownerAccountId, t.clientRequestId] }), index('lead_requests_lead_idx').on(t.leadId)],
);
