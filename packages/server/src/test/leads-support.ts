/** Helpers for the leads tests: a visitor's exchange body and its call. */
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TExchangeRequest } from '@vbc/shared/leads';

const unique = () => randomBytes(4).toString('hex');

/** A valid exchange body (a person who took 4 s to fill the window), overridable field by field. */
export function exchangeBody(fields: Partial<TExchangeRequest> & Record<string, unknown> = {}): TExchangeRequest {
  return {
    name: 'Maria Santos',
    email: `maria-${unique()}@example.test`,
    phone: null,
    company: 'Acme Logistics',
    jobTitle: 'Buyer',
    note: 'Met you at the expo',
    consent: true,
    sendMeTheCard: false,
    clientRequestId: randomUUID(),
    source: 'qr',
    fillMs: 4000,
    ...fields,
  } as TExchangeRequest;
}

/** A random client address, so each test's calls have their own per-client counters. */
export const someAddress = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

/** POST …/exchange on a card (id or quickId). */
export function exchange(
  app: FastifyInstance,
  contactId: string,
  body: unknown,
  options: { headers?: Record<string, string>; remoteAddress?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: `/api/vbc/virtualcontact/${contactId}/exchange`,
    payload: body as object,
    headers: options.headers,
    remoteAddress: options.remoteAddress ?? someAddress(),
  });
}
