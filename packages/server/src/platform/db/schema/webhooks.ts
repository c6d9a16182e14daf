import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { accounts } from './accounts.ts';
import { corporateAccounts } from './corporate-accounts.ts';

/**
 * A webhook endpoint (issue 26, docs/contracts.md "Webhooks"): an account's own (corporate_account_id
 * null), or a business's (registered by one of its admins, `account_id`). The signing secret is kept
 * encrypted (AES-256-GCM, webhooks/secret-box.ts): it must be recoverable to sign.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The account that registered it; for an account's own endpoint, the owner. */
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The business it belongs to (its admins manage it), or null for the account's own. */
    corporateAccountId: uuid('corporate_account_id').references(() => corporateAccounts.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    description: text('description'),
    /** `v1.<iv>.<tag>.<ciphertext>` (base64url) of the `whsec_…` secret. */
    secretEncrypted: text('secret_encrypted').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    /** Since when every attempt failed (null after a success); 3 days of it disables the endpoint. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_account_idx').on(t.accountId), index('webhook_endpoints_corporate_idx').on(t.corporateAccountId)],
);

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export type TWebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

/**
 * The outbox: one row per event and endpoint, written in the transaction that caused the event.
 * The dispatcher claims due rows (`for update skip locked`, then `claimed_until` as a lease), so
 * instances never send one at the same time and a dead instance's claim expires.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The `webhook-id` header: the same on every attempt and redelivery of this event to this endpoint. */
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The JSON body, exactly as signed and sent. */
    payload: text('payload').notNull(),
    state: text('state').$type<TWebhookDeliveryState>().notNull().default('pending'),
    /** Failed attempts so far (the retry schedule's position). */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Held by an instance until then (null: free). */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId),
    // The finished rows of an endpoint, which the pruning looks through (endpoint-health.ts): not its pending backlog too.
    index('webhook_deliveries_finished_idx')
      .on(t.endpointId)
      .where(sql`${t.state} <> 'pending'`),
  ],
);

/** Every attempt to deliver, newest kept (100 per endpoint): what the owner reads to debug their receiver. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    /** The HTTP status, or null when no answer came. */
    status: integer('status'),
    durationMs: integer('duration_ms').notNull(),
    /** The first 1 KB of the answer. */
    response: text('response').notNull(),
    /** Why no answer counted (timeout, refused address, connection error), else null. */
    error: text('error'),
    succeeded: boolean('succeeded').notNull(),
  },
  (t) => [index('webhook_attempts_endpoint_idx').on(t.endpointId, t.attemptedAt), index('webhook_attempts_delivery_idx').on(t.deliveryId)],
);
