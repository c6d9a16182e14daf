import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { corporateAccounts } from './corporate-accounts.ts';

/**
 * What a business's admins and editors did (issue 27's audit log): one row per action, written in
 * the same transaction as the action (`recordAudit` in corporate/audit.ts). The action names are
 * listed in corporate/README.md; `detail` is the action's own small record (never a secret).
 */
export const corporateAuditLog = pgTable(
  'corporate_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    corporateAccountId: uuid('corporate_account_id')
      .notNull()
      .references(() => corporateAccounts.id, { onDelete: 'cascade' }),
    /** Who did it; null for the operator or a provisioning client, or once that account is deleted. */
    actorAccountId: uuid('actor_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('corporate_audit_log_business_idx').on(t.corporateAccountId, t.createdAt.desc(), t.id.desc())],
);
