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
export const someAddress = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

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

/** One leaf part of a received MIME message: its headers (lower-cased names) and its body, transfer-decoded. */
export interface TMailPart {
  headers: Record<string, string>;
  body: string;
}

function splitHead(text: string): { headers: Record<string, string>; body: string } {
  const at = text.search(/\r?\n\r?\n/);
  const head = at < 0 ? text : text.slice(0, at);
  const body = at < 0 ? '' : text.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

const decodeQuotedPrintable = (text: string): string =>
  Buffer.from(
    text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** The leaf parts of a raw message (multipart/* walked into), each body decoded from base64 or quoted-printable. */
export function mailParts(raw: string): TMailPart[] {
  const { headers, body } = splitHead(raw);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const pieces = body.split(`--${boundary}`).slice(1);
    return pieces.filter((p) => !p.startsWith('--')).flatMap((p) => mailParts(p.replace(/^\r?\n/, '')));
  }
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  const decoded =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  return [{ headers, body: decoded }];
}
