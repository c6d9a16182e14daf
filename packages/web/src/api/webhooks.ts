/** Issue 26: webhook endpoints (Standard Webhooks) of the account or of a business, and their delivery attempts. */
import { queryOptions } from '@tanstack/react-query';
import type { TCreateWebhook, TCreatedWebhook, TWebhook, TWebhookAttempt } from '@vbc/shared/webhooks';
import { http } from './http.ts';
import { queryKeys } from './query-keys.ts';

const hook = (webhookId: string) => `/api/webhooks/${encodeURIComponent(webhookId)}`;

/** A list answer: the array itself, or `{items}` (both read the same). */
const itemsOf = <T>(answer: T[] | { items: T[] }): T[] => (Array.isArray(answer) ? answer : answer.items);

/** GET /api/webhooks: the account's own endpoints, or (with a business id) that business's. */
export const listWebhooks = (corporateAccountId: string | null) =>
  http
    .get<TWebhook[] | { items: TWebhook[] }>(
      corporateAccountId ? `/api/webhooks?corporateAccountId=${encodeURIComponent(corporateAccountId)}` : '/api/webhooks',
    )
    .then(itemsOf);
/** POST /api/webhooks: the answer carries the secret, the only time it is shown. */
export const createWebhook = (body: TCreateWebhook) => http.post<TCreatedWebhook>('/api/webhooks', body);
export const deleteWebhook = (webhookId: string) => http.delete(hook(webhookId));
/** The endpoint's last attempts, newest first. */
export const listWebhookAttempts = (webhookId: string) =>
  http.get<TWebhookAttempt[] | { items: TWebhookAttempt[] }>(`${hook(webhookId)}/attempts`).then(itemsOf);
/** Sends a `webhook.test` event now. */
export const sendWebhookTest = (webhookId: string) => http.post<unknown>(`${hook(webhookId)}/test`);
/** Sends an attempt's event again. */
export const redeliverWebhookAttempt = (webhookId: string, attemptId: string) =>
  http.post<unknown>(`${hook(webhookId)}/attempts/${encodeURIComponent(attemptId)}/redeliver`);

export const webhookQueries = {
  list: (corporateAccountId: string | null) =>
    queryOptions({ queryKey: queryKeys.webhooks.list(corporateAccountId), queryFn: () => listWebhooks(corporateAccountId) }),
  attempts: (webhookId: string) =>
    queryOptions({ queryKey: queryKeys.webhooks.attempts(webhookId), queryFn: () => listWebhookAttempts(webhookId) }),
};
