import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { accounts, corporateAccountMembers, corporateAccounts, webhookEndpoints } from '../platform/db/schema/index.ts';
import type { TLocale } from '@vbc/shared/i18n/locales';
import { recipientLocale, translatorFor, type TMessageValues } from '../platform/i18n/translator.ts';
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
 * business's, its admins; each in their account's language (English when none is set). Accounts
 * without an e-mail address are left out.
 */
export async function disabledNotices(db: Db, endpointId: string): Promise<{ accountId: string; mails: TMail[] } | null> {
  const [endpoint] = await db
    .select({ url: webhookEndpoints.url, accountId: webhookEndpoints.accountId, corporateAccountId: webhookEndpoints.corporateAccountId })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, endpointId));
  if (!endpoint) return null;
  const recipient = { email: accounts.email, language: accounts.language };
  let to: { email: string | null; language: TLocale | null }[];
  let owner: TMessageValues = { owner: 'account' };
  if (endpoint.corporateAccountId === null) {
    to = await db
      .select(recipient)
      .from(accounts)
      .where(and(eq(accounts.id, endpoint.accountId), isNotNull(accounts.email)));
  } else {
    const [business] = await db
      .select({ name: corporateAccounts.name })
      .from(corporateAccounts)
      .where(eq(corporateAccounts.id, endpoint.corporateAccountId));
    owner = business ? { owner: 'business', business: business.name } : { owner: 'unnamedBusiness' };
    const admins = db
      .select({ id: corporateAccountMembers.accountId })
      .from(corporateAccountMembers)
      .where(and(eq(corporateAccountMembers.corporateAccountId, endpoint.corporateAccountId), eq(corporateAccountMembers.role, 'admin')));
    to = await db
      .select(recipient)
      .from(accounts)
      .where(and(inArray(accounts.id, admins), isNotNull(accounts.email)));
  }
  const mails = to.map(({ email, language }): TMail => {
    const t = translatorFor(recipientLocale(language), 'email');
    const text = [
      t('webhook.disabled', { url: endpoint.url, days: FAILING_DAYS_BEFORE_DISABLED, business: '', ...owner }),
      '',
      t('webhook.disabledHelp'),
    ].join('\n');
    return { to: email!, subject: t('webhook.disabledSubject'), text };
  });
  return { accountId: endpoint.accountId, mails };
}

/**
 * Keeps an endpoint's newest ATTEMPTS_KEPT attempts, and drops finished outbox rows no attempt
 * refers to any more (found through webhook_deliveries_finished_idx: the finished rows alone, not
 * the pending backlog, migration 0034).
 */
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
