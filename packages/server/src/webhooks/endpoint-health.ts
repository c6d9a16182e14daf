import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { accounts, corporateAccountMembers, corporateAccounts, webhookEndpoints } from '../platform/db/schema/index.ts';
import type { TMail } from '../platform/notify/types.ts';

/** An endpoint whose every attempt failed for this long is disabled (docs/contracts.md "Webhooks"). */
export const FAILING_DAYS_BEFORE_DISABLED = 3;
/** Attempts kept per endpoint, newest first. */
export const ATTEMPTS_KEPT = 100;

export const DISABLED_REASON = `Every delivery failed for ${FAILING_DAYS_BEFORE_DISABLED} days.`;

/**
 * Disables a failing endpoint and gives up its pending deliveries. True for the one caller that
 * disabled it (instances may race: only one tells the owners).
 */
export async function disableEndpoint(db: Db, endpointId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [disabled] = await tx
      .update(webhookEndpoints)
      .set({ enabled: false, disabledReason: DISABLED_REASON })
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true)))
      .returning({ id: webhookEndpoints.id });
    if (!disabled) return false;
    await tx.execute(
      sql`update webhook_deliveries set state = 'failed', claimed_until = null where endpoint_id = ${endpointId} and state = 'pending'`,
    );
    return true;
  });
}

/**
 * Who hears that an endpoint was disabled, and what: the account's own endpoint, its account; a
 * business's, its admins. Accounts without an e-mail address are left out.
 */
export async function disabledNotices(db: Db, endpointId: string): Promise<{ accountId: string; mails: TMail[] } | null> {
  const [endpoint] = await db
    .select({ url: webhookEndpoints.url, accountId: webhookEndpoints.accountId, corporateAccountId: webhookEndpoints.corporateAccountId })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, endpointId));
  if (!endpoint) return null;
  let to: string[];
  let whose = 'your account';
  if (endpoint.corporateAccountId === null) {
    const rows = await db
      .select({ email: accounts.email })
      .from(accounts)
      .where(and(eq(accounts.id, endpoint.accountId), isNotNull(accounts.email)));
    to = rows.map((r) => r.email!);
  } else {
    const [business] = await db
      .select({ name: corporateAccounts.name })
      .from(corporateAccounts)
      .where(eq(corporateAccounts.id, endpoint.corporateAccountId));
    whose = business ? business.name : 'your business';
    const admins = db
      .select({ id: corporateAccountMembers.accountId })
      .from(corporateAccountMembers)
      .where(and(eq(corporateAccountMembers.corporateAccountId, endpoint.corporateAccountId), eq(corporateAccountMembers.role, 'admin')));
    const rows = await db
      .select({ email: accounts.email })
      .from(accounts)
      .where(and(inArray(accounts.id, admins), isNotNull(accounts.email)));
    to = rows.map((r) => r.email!);
  }
  const text = [
    `The webhook ${endpoint.url} of ${whose} has been disabled: every delivery to it failed for ${FAILING_DAYS_BEFORE_DISABLED} days.`,
    '',
    'Its recent attempts (GET /api/webhooks/{webhookId}/attempts) show what the receiver answered. Fix the receiver, then register the webhook again.',
  ].join('\n');
  return { accountId: endpoint.accountId, mails: to.map((address) => ({ to: address, subject: 'Your webhook was disabled', text })) };
}

/** Keeps an endpoint's newest ATTEMPTS_KEPT attempts, and drops finished outbox rows no attempt refers to any more. */
export async function pruneAttempts(db: Db, endpointId: string): Promise<void> {
  await db.execute(sql`
    delete from webhook_attempts
     where endpoint_id = ${endpointId}
       and id in (select id from webhook_attempts where endpoint_id = ${endpointId} order by attempted_at desc offset ${ATTEMPTS_KEPT})`);
  await db.execute(sql`
    delete from webhook_deliveries d
     where d.endpoint_id = ${endpointId} and d.state <> 'pending'
       and not exists (select 1 from webhook_attempts a where a.delivery_id = d.id)`);
}
