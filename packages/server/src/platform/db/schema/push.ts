import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts, sessions } from './accounts.ts';

/**
 * Where an account's notifications go (docs/contracts.md §3 "Push subscription"): a browser's web push
 * subscription (`endpoint` with its `keyP256Dh`/`keyAuth`) or an iOS wrapper's APNs device token
 * (`apnDeviceToken`). One row per device; an account may have several. The session that registered
 * it is kept so that signing out of that device stops its notifications.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    /** Web push: the push service URL (unique: a browser profile has one per application server key). */
    endpoint: text('endpoint').unique(),
    keyP256Dh: text('key_p256dh'),
    keyAuth: text('key_auth'),
    expirationTime: timestamp('expiration_time', { withTimezone: true }),
    /** iOS: the APNs device token (hex). */
    apnDeviceToken: text('apn_device_token').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_account_idx').on(t.accountId), index('push_subscriptions_session_idx').on(t.sessionId)],
);
