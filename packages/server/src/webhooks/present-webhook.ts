import type { TWebhook, TWebhookAttempt, TWebhookEventType } from '@vbc/shared';
import type { webhookAttempts, webhookEndpoints } from '../platform/db/schema/index.ts';

export type TEndpointRow = typeof webhookEndpoints.$inferSelect;
export type TAttemptRow = typeof webhookAttempts.$inferSelect;

/** An endpoint row → the API shape (never its secret). */
export function presentWebhook(row: TEndpointRow): TWebhook {
  return {
    webhookId: row.id,
    url: row.url,
    events: row.events as TWebhookEventType[],
    corporateAccountId: row.corporateAccountId,
    description: row.description,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    createdAt: row.createdAt.toISOString(),
  };
}

/** An attempt row → the API shape: the answer's first 1 KB and the error when none came. */
export function presentAttempt(row: TAttemptRow): TWebhookAttempt {
  return {
    attemptId: row.id,
    eventId: row.eventId,
    eventType: row.eventType as TWebhookAttempt['eventType'],
    attemptedAt: row.attemptedAt.toISOString(),
    status: row.status,
    durationMs: row.durationMs,
    response: row.response,
    error: row.error,
    succeeded: row.succeeded,
  };
}
