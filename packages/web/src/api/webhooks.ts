/** Issue 26: webhook endpoints (Standard Webhooks) of the account or of a business, and their delivery attempts. */
import { queryOptions } from '@tanstack/react-query';
import type { TCreateWebhook, TCreatedWebhook, TUpdateWebhook, TWebhook, TWebhookAttempt } from '@vbc/shared/webhooks';
import { http } from './http.ts';
import { queryKeys } from './query-keys.ts';

const hook = (webhookId: string) => `/api/webhooks/${encodeURIComponent(webhookId)}`;

/** GET /api/webhooks: the account's own endpoints and those of the businesses it administers (`corporateAccountId` set). */
export const listWebhooks = () => http.get<TWebhook[]>('/api/webhooks');
/** POST /api/webhooks: the answer carries the secret, the only time it is shown. */
export const createWebhook = (body: TCreateWebhook) => http.post<TCreatedWebhook>('/api/webhooks', body);
export const deleteWebhook = (webhookId: string) => http.delete(hook(webhookId));
/** PATCH: turns the endpoint off, or on again after it was disabled. */
export const updateWebhook = (webhookId: string, body: TUpdateWebhook) => http.patch<TWebhook>(hook(webhookId), body);
/** The endpoint's last attempts, newest first. */
export const listWebhookAttempts = (webhookId: string) => http.get<TWebhookAttempt[]>(`${hook(webhookId)}/attempts`);
/** Queues a `webhook.test` event (202 with the `webhook-id` it will carry). */
export const sendWebhookTest = (webhookId: string) => http.post<{ eventId: string }>(`${hook(webhookId)}/test`);
/** Queues an attempt's event again, same `webhook-id` and body. */
export const redeliverWebhookAttempt = (webhookId: string, attemptId: string) =>
  http.post<{ eventId: string }>(`${hook(webhookId)}/attempts/${encodeURIComponent(attemptId)}/redeliver`);

/** How often an open attempts list refreshes (a test event or redelivery lands within seconds). */
export const ATTEMPTS_REFRESH_MS = 3000;

export const webhookQueries = {
  list: () => queryOptions({ queryKey: queryKeys.webhooks.list(), queryFn: listWebhooks }),
  /** Deliveries are queued: while the list is open it looks again every few seconds. */
  attempts: (webhookId: string) =>
    queryOptions({
      queryKey: queryKeys.webhooks.attempts(webhookId),
      queryFn: () => listWebhookAttempts(webhookId),
      refetchInterval: ATTEMPTS_REFRESH_MS,
    }),
};
