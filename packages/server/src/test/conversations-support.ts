/** Shared set-up for the conversation tests: people with cards, first messages, multipart bodies. */
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../platform/db/client.ts';
import { buildTestApp } from './app.ts';
import { openTestDatabase } from './databases.ts';
import type { TConversationMessage, TConversationSummary } from '@vbc/shared/conversation';
import { buildAccount, buildCard } from './factories.ts';

export type TPerson = Awaited<ReturnType<typeof buildAccount>> & { card: Awaited<ReturnType<typeof buildCard>> };

/** A signed-in account that owns one card. */
export async function buildPerson(app: FastifyInstance, name?: string): Promise<TPerson> {
  const person = await buildAccount(app, { name });
  const card = await buildCard(
    app,
    { firstName: name ?? 'Person', lastName: randomBytes(3).toString('hex') },
    { ownerAccountId: person.account.id },
  );
  return { ...person, card };
}

/** `from` messages `to`'s card (speaking as their own card unless `asAccount`); returns the sender's summary. */
export async function startConversation(
  app: FastifyInstance,
  from: TPerson,
  to: TPerson,
  message = 'Hello there',
  asAccount = false,
): Promise<TConversationSummary> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/conversation/initiateConversation',
    headers: from.headers,
    payload: { toVbcId: to.card.id, fromVbcId: asAccount ? undefined : from.card.id, message },
  });
  if (res.statusCode !== 200) throw new Error(`initiateConversation: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Sends a text message; returns the raw response. */
export function send(
  app: FastifyInstance,
  who: { headers: Record<string, string> },
  conversationId: string,
  message: string,
  clientMessageId: string = randomUUID(),
) {
  return app.inject({
    method: 'POST',
    url: `/api/conversation/${conversationId}/messages`,
    headers: who.headers,
    payload: { message, clientMessageId },
  });
}

/** Every message of a conversation, oldest first (pages of 100). */
export async function allMessages(
  app: FastifyInstance,
  who: { headers: Record<string, string> },
  conversationId: string,
): Promise<TConversationMessage[]> {
  const out: TConversationMessage[] = [];
  for (;;) {
    const after = out.at(-1)?.sequence ?? 0;
    const res = await app.inject({ url: `/api/conversation/${conversationId}/messages?after=${after}&limit=100`, headers: who.headers });
    if (res.statusCode !== 200) throw new Error(`messages: ${res.statusCode} ${res.body}`);
    const page = res.json<TConversationMessage[]>();
    out.push(...page);
    if (page.length < 100) return out;
  }
}

/** A message as presentMessage gives it: its photo's or document's address without the query that signs it for a reader. */
export function withUnsignedFiles({ photo, document, ...message }: TConversationMessage): TConversationMessage {
  return {
    ...message,
    ...(photo && { photo: { ...photo, url: photo.url.split('?')[0]! } }),
    ...(document && { document: { ...document, url: document.url.split('?')[0]! } }),
  };
}

/** A multipart/form-data body with one file field (and optional text fields before it). */
export function multipart(file: { field?: string; name: string; type: string; data: Buffer }, fields: Record<string, string> = {}) {
  const boundary = `----vbc${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [key, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\ncontent-type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A small PNG (8×6), a photo as a phone would send it. */
export const smallPng = (): Promise<Buffer> =>
  sharp({ create: { width: 8, height: 6, channels: 3, background: '#208040' } })
    .png()
    .toBuffer();

/** `who` sends a photo or a document to a conversation (multipart); the message as their answer presents it. */
export async function uploadToConversation(
  app: FastifyInstance,
  who: { headers: Record<string, string> },
  conversationId: string,
  kind: 'photos' | 'documents',
  file: Parameters<typeof multipart>[0],
): Promise<TConversationMessage> {
  const body = multipart(file);
  const res = await app.inject({
    method: 'POST',
    url: `/api/conversation/${conversationId}/${kind}`,
    headers: { ...who.headers, 'content-type': body.contentType },
    payload: body.payload,
  });
  if (res.statusCode !== 201) throw new Error(`${kind}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/**
 * Closes a listening app without waiting for idle keep-alive sockets: the Node SignalR client may
 * leave a pre-opened socket that would hold `close()` for about a minute.
 */
export async function closeListening(app: FastifyInstance): Promise<void> {
  const closing = app.close();
  const timer = setTimeout(() => app.server.closeAllConnections(), 500);
  try {
    await closing;
  } finally {
    clearTimeout(timer);
  }
}

/** Listens on a free port of 127.0.0.1; returns the hub URL. */
export async function listenForHub(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/personalHub`;
}

/**
 * The real app on a fresh PGlite, listening for hub clients, for the tests of one file: its fields
 * are set before the tests run (read them inside tests) and everything is closed after them.
 */
export function useListeningApp(env: Record<string, string> = {}) {
  const ctx = {} as { app: FastifyInstance; hubUrl: string; database: Database };
  beforeAll(async () => {
    ctx.database = await openTestDatabase('pglite');
    ({ app: ctx.app } = await buildTestApp(ctx.database, { env }));
    ctx.hubUrl = await listenForHub(ctx.app);
  });
  afterAll(async () => {
    if (ctx.app) await closeListening(ctx.app);
    await ctx.database?.close();
  });
  return ctx;
}
