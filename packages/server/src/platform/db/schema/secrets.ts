import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Server-wide secrets (HMAC keys), made once on first start and shared by every
 * instance through the database.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
