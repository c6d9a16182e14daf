import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { preparedQuery } from '../platform/db/prepared.ts';
import type { TIntegrationEvent } from '../platform/integration-events/index.ts';

/** The NOTIFY channel that wakes every instance's dispatcher when outbox rows commit. */
export const OUTBOX_CHANNEL = 'webhook_outbox';

/** A new `webhook-id`: `msg_` and 32 hex digits, unique per event. */
export const newEventId = (): string => `msg_${randomUUID().replaceAll('-', '')}`;

/** The body every delivery sends (Standard Webhooks' payload structure): `{type, timestamp, data}`. */
export function eventBody(type: string, occurredAt: Date, data: unknown): string {
  return JSON.stringify({ type, timestamp: occurredAt.toISOString(), data });
}

/** The recorder's one statement (migration 0032): the endpoints' read, the outbox insert and the NOTIFY. */
const recordStatement = preparedQuery((db: Db) =>
  db
    .select({ recorded: sql<number>`"recorded"` })
    .from(sql`record_webhook_events(${sql.placeholder('events')}::jsonb, ${sql.placeholder('channel')}) as r("recorded")`)
    .prepare('record_webhook_events'),
);

/**
 * The recorder's form inside a writer's statement (IntegrationEventStatement): the same function,
 * given the events built by PostgreSQL, each with its `webhook-id` (`msg_` and 32 hex digits, as
 * newEventId) and its body written as eventBody writes it, `{"type":…,"timestamp":…,"data":…}`
 * without spaces (row_to_json), the data as the writer gave it.
 */
export const recordEventsIn = (events: SQL): SQL =>
  sql`record_webhook_events((select coalesce(jsonb_agg(jsonb_build_object(
        'type', e.type, 'accountId', e.account_id, 'corporateAccountId', e.corporate_account_id,
        'eventId', 'msg_' || replace(gen_random_uuid()::text, '-', ''),
        'payload', (select row_to_json(b)::text from (select e.type, e.occurred_at as "timestamp", e.data) b)
      ) order by e.n), '[]'::jsonb) from (${events}) e), ${OUTBOX_CHANNEL})`;

/**
 * The webhooks' integration-event recorder, run inside the writer's transaction: one outbox row
 * per event and enabled endpoint subscribed to its type — the account's own endpoints, and the
 * business's when the event came through one — and a NOTIFY that wakes the dispatchers once the
 * transaction commits. The events of one transaction (a batch of lead exchanges) are one statement,
 * the database function `record_webhook_events`, whatever their number: one round trip where the
 * read of the endpoints, the insert and the NOTIFY were three. Each event gets its `webhook-id` and
 * its body here; rows are due at once by the database's clock (never the writer's `occurredAt`: a
 * clock ahead would delay them).
 */
export async function recordEvents(tx: Db, events: readonly TIntegrationEvent[]): Promise<void> {
  const rows = events.map((event) => ({
    type: event.type,
    accountId: event.accountId,
    corporateAccountId: event.corporateAccountId,
    eventId: newEventId(),
    payload: eventBody(event.type, event.occurredAt, event.data),
  }));
  await recordStatement(tx).execute({ events: JSON.stringify(rows), channel: OUTBOX_CHANNEL });
}
