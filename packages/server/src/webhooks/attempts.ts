import { and, desc, eq, sql } from 'drizzle-orm';
import type { TWebhookAttempt } from '@vbc/shared';
import type { Db } from '../platform/db/client.ts';
import { webhookAttempts, webhookDeliveries } from '../platform/db/schema/index.ts';
import { conflict, notFound } from '../platform/errors/app-error.ts';
import { ATTEMPTS_KEPT } from './endpoint-health.ts';
import { requireEndpoint } from './manage-endpoints.ts';
import { presentAttempt, type TEndpointRow } from './present-webhook.ts';
import { eventBody, newEventId, OUTBOX_CHANNEL } from './record-event.ts';

/** GET /api/webhooks/{webhookId}/attempts: the newest 100, newest first. */
export async function listAttempts(db: Db, accountId: string, webhookId: string): Promise<TWebhookAttempt[]> {
  const endpoint = await requireEndpoint(db, accountId, webhookId);
  const rows = await db
    .select()
    .from(webhookAttempts)
    .where(eq(webhookAttempts.endpointId, endpoint.id))
    .orderBy(desc(webhookAttempts.attemptedAt), desc(webhookAttempts.id))
    .limit(ATTEMPTS_KEPT);
  return rows.map(presentAttempt);
}

function requireEnabled(endpoint: TEndpointRow): void {
  if (!endpoint.enabled) throw conflict('This webhook is off: turn it on again to receive events.');
}

/** POST /api/webhooks/{webhookId}/test: queues a `webhook.test` event for this endpoint only. */
export async function sendTestEvent(db: Db, accountId: string, webhookId: string, now: Date): Promise<{ eventId: string }> {
  const endpoint = await requireEndpoint(db, accountId, webhookId);
  requireEnabled(endpoint);
  const eventId = newEventId();
  await db.transaction(async (tx) => {
    await tx.insert(webhookDeliveries).values({
      endpointId: endpoint.id,
      eventId,
      eventType: 'webhook.test',
      payload: eventBody('webhook.test', now, { webhookId: endpoint.id }),
    });
    await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
  });
  return { eventId };
}

/**
 * POST /api/webhooks/{webhookId}/attempts/{attemptId}/redeliver: sends that attempt's event again,
 * now, with the same `webhook-id` and body, and a fresh retry schedule.
 */
export async function redeliver(db: Db, accountId: string, webhookId: string, attemptId: string): Promise<{ eventId: string }> {
  const endpoint = await requireEndpoint(db, accountId, webhookId);
  requireEnabled(endpoint);
  const [attempt] = await db
    .select({ deliveryId: webhookAttempts.deliveryId, eventId: webhookAttempts.eventId })
    .from(webhookAttempts)
    .where(and(eq(webhookAttempts.id, attemptId), eq(webhookAttempts.endpointId, endpoint.id)));
  if (!attempt) throw notFound('attempt');
  await db.transaction(async (tx) => {
    await tx
      .update(webhookDeliveries)
      .set({ state: 'pending', attempts: 0, nextAttemptAt: sql`now()` })
      .where(eq(webhookDeliveries.id, attempt.deliveryId));
    await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
  });
  return { eventId: attempt.eventId };
}
