import { randomUUID } from 'node:crypto';
import { and, arrayOverlaps, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../platform/db/schema/index.ts';
import type { TIntegrationEvent } from '../platform/integration-events/index.ts';

/** The NOTIFY channel that wakes every instance's dispatcher when outbox rows commit. */
export const OUTBOX_CHANNEL = 'webhook_outbox';

/** A new `webhook-id`: `msg_` and 32 hex digits, unique per event. */
export const newEventId = (): string => `msg_${randomUUID().replaceAll('-', '')}`;

/** The body every delivery sends (Standard Webhooks' payload structure): `{type, timestamp, data}`. */
export function eventBody(type: string, occurredAt: Date, data: unknown): string {
  return JSON.stringify({ type, timestamp: occurredAt.toISOString(), data });
}

/**
 * The webhooks' integration-event recorder, run inside the writer's transaction: one outbox row
 * per event and enabled endpoint subscribed to its type — the account's own endpoints, and the
 * business's when the event came through one — and a NOTIFY that wakes the dispatchers once the
 * transaction commits. The events of one transaction (a batch of lead exchanges) are one read of
 * their endpoints, one insert and one NOTIFY, whatever their number. No matching endpoint: the
 * read alone, nothing written.
 */
export async function recordEvents(tx: Db, events: readonly TIntegrationEvent[]): Promise<void> {
  const accountIds = [...new Set(events.map((e) => e.accountId))];
  const corporateIds = [...new Set(events.flatMap((e) => (e.corporateAccountId ? [e.corporateAccountId] : [])))];
  const types = [...new Set(events.map((e) => e.type))];
  const owners = [and(inArray(webhookEndpoints.accountId, accountIds), isNull(webhookEndpoints.corporateAccountId))];
  if (corporateIds.length > 0) owners.push(inArray(webhookEndpoints.corporateAccountId, corporateIds));
  const endpoints = await tx
    .select({
      id: webhookEndpoints.id,
      accountId: webhookEndpoints.accountId,
      corporateAccountId: webhookEndpoints.corporateAccountId,
      events: webhookEndpoints.events,
    })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.enabled, true), arrayOverlaps(webhookEndpoints.events, types), or(...owners)));
  if (endpoints.length === 0) return;
  const rows = events.flatMap((event) => {
    const to = endpoints.filter(
      (e) =>
        e.events.includes(event.type) &&
        (e.corporateAccountId === null ? e.accountId === event.accountId : e.corporateAccountId === event.corporateAccountId),
    );
    if (to.length === 0) return [];
    const eventId = newEventId();
    const payload = eventBody(event.type, event.occurredAt, event.data);
    return to.map((e) => ({ endpointId: e.id, eventId, eventType: event.type, payload }));
  });
  if (rows.length === 0) return;
  // Due at once by the database's clock (never the writer's `occurredAt`: a clock ahead would delay it).
  await tx.insert(webhookDeliveries).values(rows);
  await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
}
