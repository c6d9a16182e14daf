import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ZRegisterPushSubscription, ZUnregisterPushSubscription } from '@vbc/shared/push';
import type { TLocale } from '@vbc/shared/i18n/locales';
import type { Db } from '../platform/db/client.ts';
import { preparedQuery } from '../platform/db/prepared.ts';
import { accounts, pushSubscriptions } from '../platform/db/schema/index.ts';
import { checkOutboundUrl } from '../platform/outbound/address-guard.ts';

/** How a refused push endpoint is named. */
const PUSH_ENDPOINT = { field: 'endpoint', mustBe: 'a public push service' };

export type TPushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
type TRegister = z.output<typeof ZRegisterPushSubscription>;
type TUnregister = z.output<typeof ZUnregisterPushSubscription>;

/** Who is asking: the account and the sign-in (device) it came from. */
export interface TPushCaller {
  accountId: string;
  sessionRowId: string;
}

/**
 * Stores this device's web push subscription or APNs token for the caller (docs/contracts.md §7
 * registerPushSubscription). The same endpoint or token again updates the row — and moves it to
 * the caller when another account used it on this device before. Web endpoints are checked first
 * (https, public address; see platform/outbound/address-guard.ts).
 */
export async function registerSubscription(
  db: Db,
  caller: TPushCaller,
  input: TRegister,
  allowInsecure: boolean,
  now = new Date(),
): Promise<void> {
  const owner = { accountId: caller.accountId, sessionId: caller.sessionRowId, updatedAt: now };
  if ('apnDeviceToken' in input) {
    await db
      .insert(pushSubscriptions)
      .values({ ...owner, apnDeviceToken: input.apnDeviceToken })
      .onConflictDoUpdate({ target: pushSubscriptions.apnDeviceToken, set: owner });
    return;
  }
  await checkOutboundUrl(PUSH_ENDPOINT, input.endpoint, allowInsecure);
  const web = {
    keyP256Dh: input.keyP256Dh,
    keyAuth: input.keyAuth,
    expirationTime: input.expirationTime == null ? null : new Date(input.expirationTime),
  };
  await db
    .insert(pushSubscriptions)
    .values({ ...owner, ...web, endpoint: input.endpoint })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...owner, ...web } });
}

/** docs/contracts.md §7 checkForPushSubscription: does this device (sign-in) have a subscription or token? */
export async function hasSubscription(db: Db, caller: TPushCaller): Promise<boolean> {
  const [row] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.accountId, caller.accountId), eq(pushSubscriptions.sessionId, caller.sessionRowId)))
    .limit(1);
  return Boolean(row);
}

/**
 * docs/contracts.md §7 unRegisterForPushSubscription: removes the named endpoint or token of the caller's
 * account, or without one every subscription this sign-in registered. Returns how many.
 */
export async function unregisterSubscriptions(db: Db, caller: TPushCaller, input: TUnregister): Promise<number> {
  const named: SQL[] = [];
  if (input?.endpoint) named.push(eq(pushSubscriptions.endpoint, input.endpoint));
  if (input?.apnDeviceToken) named.push(eq(pushSubscriptions.apnDeviceToken, input.apnDeviceToken));
  const which = named.length > 0 ? or(...named)! : eq(pushSubscriptions.sessionId, caller.sessionRowId);
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.accountId, caller.accountId), which))
    .returning({ id: pushSubscriptions.id });
  return gone.length;
}

/**
 * What a delivery needs of a subscription row: its id (to forget it), where and how to send, and
 * its account's language (null: English, a device's own language is not known here).
 */
export type TPushTarget = Pick<TPushSubscriptionRow, 'id' | 'accountId' | 'endpoint' | 'keyP256Dh' | 'keyAuth' | 'apnDeviceToken'> & {
  language: TLocale | null;
};

/** Accounts per query of `subscriptionPagesOf`: its rows are mapped on the event loop. */
export const SUBSCRIPTIONS_PAGE = 500;

/**
 * Every subscription and token of these accounts, a page of `SUBSCRIPTIONS_PAGE` accounts per
 * query. An announcement may go to every account: one query for 5,000 ids held the event loop
 * about 25 ms (when drizzle built a 5,000-parameter statement for it, then mapped 5,000 rows in one
 * go), and every request waiting meanwhile with it; a page is about a millisecond, and the database round
 * trip between two pages lets them run. `beforePage` may hold the next page (bulk pacing).
 */
export async function* subscriptionPagesOf(
  db: Db,
  accountIds: readonly string[],
  beforePage?: () => Promise<void> | undefined,
): AsyncGenerator<TPushTarget[]> {
  for (let i = 0; i < accountIds.length; i += SUBSCRIPTIONS_PAGE) {
    await beforePage?.();
    yield subscriptionsOf(db, accountIds.slice(i, i + SUBSCRIPTIONS_PAGE));
  }
}

/**
 * Every subscription and token of these accounts (at most a page of them: see subscriptionPagesOf),
 * in one statement prepared once, the ids as one array: each new message's push runs it.
 */
export function subscriptionsOf(db: Db, accountIds: readonly string[]): Promise<TPushTarget[]> {
  return subscriptionsOfAccounts(db).execute({ accountIds: [...accountIds] });
}

const subscriptionsOfAccounts = preparedQuery((db) =>
  db
    .select({
      id: pushSubscriptions.id,
      accountId: pushSubscriptions.accountId,
      endpoint: pushSubscriptions.endpoint,
      keyP256Dh: pushSubscriptions.keyP256Dh,
      keyAuth: pushSubscriptions.keyAuth,
      apnDeviceToken: pushSubscriptions.apnDeviceToken,
      language: accounts.language,
    })
    .from(pushSubscriptions)
    .innerJoin(accounts, eq(accounts.id, pushSubscriptions.accountId))
    .where(sql`${pushSubscriptions.accountId} = any(${sql.placeholder('accountIds')}::uuid[])`)
    .prepare('push_subscriptions_of_accounts'),
);

/** A push service answered 404/410 (or APNs 410) for it: forget it. */
export async function deleteSubscription(db: Db, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/** Signing out of a device stops its notifications. */
export async function deleteSessionSubscriptions(db: Db, sessionRowId: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.sessionId, sessionRowId));
}
