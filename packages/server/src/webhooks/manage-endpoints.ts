import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { TCreatedWebhook, TWebhook, TWebhookEventType, ZCreateWebhook } from '@vbc/shared';
import type { z } from 'zod';
import type { Db } from '../platform/db/client.ts';
import { corporateAccountMembers, webhookDeliveries, webhookEndpoints } from '../platform/db/schema/index.ts';
import { conflict, notFound } from '../platform/errors/app-error.ts';
import { checkOutboundUrl } from '../platform/outbound/address-guard.ts';
import type { SecretBox } from '../platform/crypto/secret-box.ts';
import { presentWebhook, type TEndpointRow } from './present-webhook.ts';

/** Most endpoints one owner (an account, or a business) may register. */
export const MAX_ENDPOINTS_PER_OWNER = 20;

/** How a refused URL is named. */
const WEBHOOK_URL = { field: 'url', mustBe: 'a public address' };

export interface TEndpointDeps {
  db: Db;
  box: SecretBox;
  /** ALLOW_INSECURE_OUTBOUND: loopback URLs, plain http too (tests). */
  allowInsecure: boolean;
  /** Throws 404 unless the account is a member of the business, 403 unless an admin (corporate's `requireRole`). */
  requireAdmin(accountId: string, corporateAccountId: string): Promise<unknown>;
  /** After a change of an account's own endpoints (null: a business's): the subscribers cache is refreshed on every instance. */
  endpointsChanged(accountId: string | null): Promise<void>;
}

/** A new signing secret in the Standard Webhooks format: `whsec_` and 32 random bytes in base64. */
export function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The endpoint if `accountId` may manage it (its own, or a business's it administers), else 404. */
export async function requireEndpoint(db: Db, accountId: string, webhookId: string): Promise<TEndpointRow> {
  const [row] = await db
    .select({ endpoint: webhookEndpoints, role: corporateAccountMembers.role })
    .from(webhookEndpoints)
    .leftJoin(
      corporateAccountMembers,
      and(
        eq(corporateAccountMembers.corporateAccountId, webhookEndpoints.corporateAccountId),
        eq(corporateAccountMembers.accountId, accountId),
      ),
    )
    .where(eq(webhookEndpoints.id, webhookId))
    .limit(1);
  if (!row) throw notFound('webhook');
  const { endpoint, role } = row;
  const mine = endpoint.corporateAccountId === null ? endpoint.accountId === accountId : role === 'admin';
  if (!mine) throw notFound('webhook');
  return endpoint;
}

/**
 * POST /api/webhooks: checks the URL (https, public address: as push endpoints are checked), the
 * business role when `corporateAccountId` is given, and the per-owner limit; stores the secret
 * sealed. The answer is the only place the secret ever appears.
 */
export async function createEndpoint(
  deps: TEndpointDeps,
  accountId: string,
  input: z.output<typeof ZCreateWebhook>,
): Promise<TCreatedWebhook> {
  const corporateAccountId = input.corporateAccountId ?? null;
  if (corporateAccountId !== null) await deps.requireAdmin(accountId, corporateAccountId);
  await checkOutboundUrl(WEBHOOK_URL, input.url, deps.allowInsecure);
  const owner =
    corporateAccountId === null
      ? and(eq(webhookEndpoints.accountId, accountId), isNull(webhookEndpoints.corporateAccountId))
      : eq(webhookEndpoints.corporateAccountId, corporateAccountId);
  const [{ n }] = (await deps.db.select({ n: count() }).from(webhookEndpoints).where(owner)) as [{ n: number }];
  if (n >= MAX_ENDPOINTS_PER_OWNER) {
    throw conflict(`At most ${MAX_ENDPOINTS_PER_OWNER} webhooks per owner: delete one before adding another.`);
  }
  const secret = newSecret();
  const [row] = await deps.db
    .insert(webhookEndpoints)
    .values({
      accountId,
      corporateAccountId,
      url: input.url,
      events: [...new Set(input.events)],
      description: input.description || null,
      secretEncrypted: deps.box.seal(secret),
    })
    .returning();
  await deps.endpointsChanged(corporateAccountId === null ? accountId : null);
  return { ...presentWebhook(row!), secret };
}

/** GET /api/webhooks: the account's own endpoints and those of the businesses it administers, newest first. */
export async function listEndpoints(db: Db, accountId: string): Promise<TWebhook[]> {
  const administered = db
    .select({ id: corporateAccountMembers.corporateAccountId })
    .from(corporateAccountMembers)
    .where(and(eq(corporateAccountMembers.accountId, accountId), eq(corporateAccountMembers.role, 'admin')));
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(
      or(
        and(eq(webhookEndpoints.accountId, accountId), isNull(webhookEndpoints.corporateAccountId)),
        inArray(webhookEndpoints.corporateAccountId, administered),
      ),
    )
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
  return rows.map(presentWebhook);
}

/** DELETE /api/webhooks/{webhookId}: the endpoint, its outbox rows and attempts go with it. */
export async function deleteEndpoint(deps: TEndpointDeps, accountId: string, webhookId: string): Promise<void> {
  const endpoint = await requireEndpoint(deps.db, accountId, webhookId);
  await deps.db.transaction(async (tx) => {
    // Its deliveries first, then the endpoint (the delete's cascade takes them the other way): the
    // dispatcher's writes take a delivery, then the endpoint (an attempt's reference, the failing
    // streak), and a delete meanwhile waited for them in a circle (PostgreSQL ended it: a 500).
    await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id))
      .for('update');
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
  });
  await deps.endpointsChanged(endpoint.corporateAccountId === null ? endpoint.accountId : null);
}

/** Why a webhook its owner turned off is off. */
export const TURNED_OFF_REASON = 'Turned off by its owner.';

/**
 * PATCH /api/webhooks/{webhookId} `{enabled}`: off, it receives nothing (queued deliveries fail
 * when due, as for a disabled one); on again, its failing streak starts afresh, and the deliveries
 * that failed meanwhile can be redelivered from its attempts.
 */
export async function setEndpointEnabled(deps: TEndpointDeps, accountId: string, webhookId: string, enabled: boolean): Promise<TWebhook> {
  const endpoint = await requireEndpoint(deps.db, accountId, webhookId);
  const [row] = await deps.db
    .update(webhookEndpoints)
    .set({ enabled, disabledReason: enabled ? null : TURNED_OFF_REASON, failingSince: null })
    .where(eq(webhookEndpoints.id, endpoint.id))
    .returning();
  if (!row) throw notFound('webhook');
  await deps.endpointsChanged(endpoint.corporateAccountId === null ? endpoint.accountId : null);
  return presentWebhook(row);
}

/** The events each account's own enabled endpoints subscribe to (every account's, or only those of `accountIds`). */
export async function ownSubscriptions(db: Db, accountIds?: string[]): Promise<Map<string, Set<TWebhookEventType>>> {
  const rows = await db
    .select({ accountId: webhookEndpoints.accountId, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.enabled, true),
        isNull(webhookEndpoints.corporateAccountId),
        accountIds ? inArray(webhookEndpoints.accountId, accountIds) : undefined,
      ),
    );
  const byAccount = new Map<string, Set<TWebhookEventType>>();
  for (const row of rows) {
    const events = byAccount.get(row.accountId) ?? new Set<TWebhookEventType>();
    for (const event of row.events as TWebhookEventType[]) events.add(event);
    byAccount.set(row.accountId, events);
  }
  return byAccount;
}

/** The events some business's enabled endpoint subscribes to. */
export async function businessSubscriptions(db: Db): Promise<Set<TWebhookEventType>> {
  const rows = await db
    .select({ events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.enabled, true), isNotNull(webhookEndpoints.corporateAccountId)));
  return new Set(rows.flatMap((row) => row.events as TWebhookEventType[]));
}
