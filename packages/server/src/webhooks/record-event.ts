import { randomUUID } from 'node:crypto';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
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
 * per enabled endpoint subscribed to the event's type — the account's own endpoints, and the
 * business's when the event came through one — and a NOTIFY that wakes the dispatchers once the
 * transaction commits. No matching endpoint: one indexed read, nothing written.
 */
export async function recordEvent(tx: Db, event: TIntegrationEvent): Promise<void> {
  const owners = [and(eq(webhookEndpoints.accountId, event.accountId), isNull(webhookEndpoints.corporateAccountId))];
  if (event.corporateAccountId) owners.push(eq(webhookEndpoints.corporateAccountId, event.corporateAccountId));
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.enabled, true), sql`${event.type} = any(${webhookEndpoints.events})`, or(...owners)));
  if (endpoints.length === 0) return;
  const eventId = newEventId();
  const payload = eventBody(event.type, event.occurredAt, event.data);
  await tx
    .insert(webhookDeliveries)
    // Due at once by the database's clock (never the writer's `occurredAt`: a clock ahead would delay it).
    .values(endpoints.map((e) => ({ endpointId: e.id, eventId, eventType: event.type, payload })));
  await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
}
