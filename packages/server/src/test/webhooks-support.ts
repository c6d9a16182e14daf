/** Shared set-up for the webhook tests. */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { TCreatedWebhook } from '@vbc/shared';

/** Registers an endpoint (a port nothing listens on) for `events`: the account's own, or the business's. */
export async function subscribe(
  app: FastifyInstance,
  who: { headers: Record<string, string> },
  events: string[],
  corporateAccountId?: string,
): Promise<TCreatedWebhook> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/webhooks',
    headers: who.headers,
    payload: { url: 'http://127.0.0.1:9/hook', events, ...(corporateAccountId ? { corporateAccountId } : {}) },
  });
  expect(res.statusCode).toBe(201);
  return res.json<TCreatedWebhook>();
}
