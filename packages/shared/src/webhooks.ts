import { z } from 'zod';

/** Issue 26: webhook endpoints (Standard Webhooks), for an account or a business. */
export const WEBHOOK_EVENT_TYPES = ['lead.created', 'lead.updated', 'lead.deleted', 'message.received'] as const;
export const ZWebhookEventType = z.enum(WEBHOOK_EVENT_TYPES);
export type TWebhookEventType = z.infer<typeof ZWebhookEventType>;

/** POST /api/webhooks */
export const ZCreateWebhook = z
  .object({
    url: z.string().trim().max(2048).url('Must be a URL.'),
    events: z.array(ZWebhookEventType).min(1, 'Choose at least one event.').max(WEBHOOK_EVENT_TYPES.length),
    corporateAccountId: z.string().uuid('must be a corporate account id').nullish(),
    description: z.string().trim().max(200).nullish(),
  })
  .strict();
export type TCreateWebhook = z.input<typeof ZCreateWebhook>;

export const ZWebhook = z.object({
  webhookId: z.string(),
  url: z.string(),
  events: z.array(ZWebhookEventType),
  corporateAccountId: z.string().nullable(),
  description: z.string().nullable(),
  /** False once disabled after failing for 3 days. */
  enabled: z.boolean(),
  disabledReason: z.string().nullable(),
  createdAt: z.string(),
});
export type TWebhook = z.infer<typeof ZWebhook>;
/** PATCH /api/webhooks/{webhookId}: turn a webhook off, or on again (after it was disabled for failing). */
export const ZUpdateWebhook = z.object({ enabled: z.boolean() }).strict();
export type TUpdateWebhook = z.infer<typeof ZUpdateWebhook>;
/** The answer to POST /api/webhooks: the only time the secret is shown. */
export const ZCreatedWebhook = ZWebhook.extend({ secret: z.string() });
export type TCreatedWebhook = z.infer<typeof ZCreatedWebhook>;

export const ZWebhookAttempt = z.object({
  attemptId: z.string(),
  eventId: z.string(),
  eventType: ZWebhookEventType.or(z.literal('webhook.test')),
  attemptedAt: z.string(),
  /** HTTP status, or null when no answer came (timeout, refused). */
  status: z.number().int().nullable(),
  durationMs: z.number().int(),
  /** The answer's first 1 KB ('' when no answer came). */
  response: z.string(),
  /** Why the attempt got no answer (timeout, connection refused, a private address), else null. */
  error: z.string().nullable(),
  succeeded: z.boolean(),
});
export type TWebhookAttempt = z.infer<typeof ZWebhookAttempt>;
