import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCreatedWebhook, ZCreateWebhook, ZUpdateWebhook, ZWebhook, ZWebhookAttempt } from '@vbc/shared';
import { uuidParam } from '../platform/http/params.ts';
import { requireAccount } from '../platform/plugins/auth.ts';
import { SECURITY, ZNoContent } from '../platform/plugins/docs.ts';

const tags = ['webhooks'];
const ZWebhookParams = z.object({ webhookId: uuidParam('a webhook') });
const ZAttemptParams = ZWebhookParams.extend({ attemptId: uuidParam('an attempt') });
/** The answer to a queued delivery: the `webhook-id` it will carry. */
const ZQueued = z.object({ eventId: z.string() });

/** Issue 26 webhooks (docs/contracts.md "Webhooks"): an account's and its businesses' endpoints. */
export default async function webhookRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/webhooks',
    {
      schema: {
        security: SECURITY.bearer,
        body: ZCreateWebhook,
        response: { 201: ZCreatedWebhook },
        tags,
        summary: 'Registers a webhook endpoint; the answer is the only time its secret is shown',
      },
    },
    async (request, reply) => {
      const created = await app.webhooks.createEndpoint(requireAccount(request).id, request.body);
      return reply.code(201).send(created);
    },
  );

  r.get(
    '/api/webhooks',
    {
      schema: {
        security: SECURITY.bearer,
        response: { 200: z.array(ZWebhook) },
        tags,
        summary: "The account's webhooks and those of the businesses it administers",
      },
    },
    async (request) => app.webhooks.listEndpoints(requireAccount(request).id),
  );

  r.patch(
    '/api/webhooks/:webhookId',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZWebhookParams,
        body: ZUpdateWebhook,
        response: { 200: ZWebhook },
        tags,
        summary: 'Turns a webhook off, or on again (after it was disabled for failing)',
      },
    },
    async (request) => app.webhooks.setEndpointEnabled(requireAccount(request).id, request.params.webhookId, request.body.enabled),
  );

  r.delete(
    '/api/webhooks/:webhookId',
    {
      schema: { security: SECURITY.bearer, params: ZWebhookParams, response: { 204: ZNoContent }, tags, summary: 'Deletes a webhook' },
    },
    async (request, reply) => {
      await app.webhooks.deleteEndpoint(requireAccount(request).id, request.params.webhookId);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/webhooks/:webhookId/attempts',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZWebhookParams,
        response: { 200: z.array(ZWebhookAttempt) },
        tags,
        summary: "A webhook's last 100 delivery attempts, newest first",
      },
    },
    async (request) => app.webhooks.listAttempts(requireAccount(request).id, request.params.webhookId),
  );

  r.post(
    '/api/webhooks/:webhookId/test',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZWebhookParams,
        response: { 202: ZQueued },
        tags,
        summary: 'Queues a webhook.test event for this webhook',
      },
    },
    async (request, reply) => {
      const queued = await app.webhooks.sendTestEvent(requireAccount(request).id, request.params.webhookId);
      return reply.code(202).send(queued);
    },
  );

  r.post(
    '/api/webhooks/:webhookId/attempts/:attemptId/redeliver',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZAttemptParams,
        response: { 202: ZQueued },
        tags,
        summary: "Sends an attempt's event again (same webhook-id and body)",
      },
    },
    async (request, reply) => {
      const queued = await app.webhooks.redeliver(requireAccount(request).id, request.params.webhookId, request.params.attemptId);
      return reply.code(202).send(queued);
    },
  );
}
