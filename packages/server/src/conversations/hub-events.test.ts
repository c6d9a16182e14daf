/** Conversation events over the real hub: a listening app, the official @microsoft/signalr client, every transport. */
import { HttpTransportType, HubConnectionBuilder, HubConnectionState, LogLevel, type HubConnection } from '@microsoft/signalr';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { WebSocket } from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { TConversationMessage, TConversationSeen, TConversationSummary } from '@vbc/shared/conversation';
import { openTestDatabase } from '../test/databases.ts';
import { buildTestApp } from '../test/app.ts';
import { buildAccount } from '../test/factories.ts';
import { issueSession } from '../accounts/sessions.ts';
import type { Database } from '../platform/db/client.ts';
import { TRANSPORTS, closed, nextCall, sleep } from '../test/hub-support.ts';
import { startSmtpSink } from '../test/notify-sinks.ts';
import { mailedCode } from '../test/accounts-support.ts';
import { openDatabase } from '../platform/db/client.ts';
import { ConversationAnnouncer } from './announce.ts';
import { presentMessage } from './present-message.ts';
import { appendMessage } from './append-message.ts';
import { buildPerson, closeListening, listenForHub, multipart, send, startConversation } from '../test/conversations-support.ts';

const RS = '\x1e';
const smtp = await startSmtpSink();
let database: Database;
let app: FastifyInstance;
let hubUrl: string;
const open: HubConnection[] = [];

beforeAll(async () => {
  database = await openTestDatabase('pglite');
  ({ app } = await buildTestApp(database, { env: { SMTP_URL: smtp.url } }));
  hubUrl = await listenForHub(app);
});
afterAll(async () => {
  if (app) await closeListening(app);
  await database?.close();
  await smtp.close();
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.stop()));
});

/** Connects an official client as `who` (access token from the factory, as the web app does). */
async function connect(who: { accessToken: string }, transport: HttpTransportType, url = hubUrl, withToken = true): Promise<HubConnection> {
  const conn = new HubConnectionBuilder()
    .withUrl(url, { transport, ...(withToken ? { accessTokenFactory: () => who.accessToken } : {}) })
    .configureLogging(LogLevel.None)
    .build();
  open.push(conn);
  await conn.start();
  return conn;
}

describe.each(TRANSPORTS)('conversation events over %s', (_name, transport) => {
  it('delivers a message sent over HTTP as MessageReceived to every connection of the recipient, then ConversationUpdated', async () => {
    const ana = await buildPerson(app, 'Ana');
    const ben = await buildPerson(app, 'Ben');
    const eve = await buildAccount(app);
    const { personalConversationId: id } = await startConversation(app, ana, ben, 'first');
    const benPhone = await connect(ben, transport);
    const benLaptop = await connect(ben, transport);
    const anaConn = await connect(ana, transport);
    const eveConn = await connect(eve, transport);
    const eveGot: unknown[] = [];
    for (const name of ['MessageReceived', 'ConversationUpdated']) eveConn.on(name, (m: unknown) => eveGot.push(m));

    const onPhone = nextCall(benPhone, 'MessageReceived');
    const onLaptop = nextCall(benLaptop, 'MessageReceived');
    const onSender = nextCall(anaConn, 'MessageReceived'); // the sender's other tabs and devices too
    const benUpdated = nextCall(benPhone, 'ConversationUpdated');
    const anaUpdated = nextCall(anaConn, 'ConversationUpdated');
    const res = await send(app, ana, id, 'Are you there? 👋');
    expect(res.statusCode).toBe(201);
    const message = res.json<TConversationMessage>();

    expect(await onPhone).toEqual([message]);
    expect(await onLaptop).toEqual([message]);
    expect(await onSender).toEqual([message]);
    expect(message).toMatchObject({ personalConversationId: id, sequence: 2, message: 'Are you there? 👋' });
    const [forBen] = (await benUpdated) as [TConversationSummary];
    expect(forBen).toMatchObject({ personalConversationId: id, unseenCount: 2, lastMessage: message, counterpart: { vbcId: ana.card.id } });
    const [forAna] = (await anaUpdated) as [TConversationSummary];
    expect(forAna).toMatchObject({ personalConversationId: id, unseenCount: 0, counterpart: { vbcId: ben.card.id } });
    await sleep(200);
    expect(eveGot).toEqual([]);
  });

  it('tells the sender ConversationSeen when the recipient marks the conversation seen', async () => {
    const ana = await buildPerson(app, 'Ana');
    const ben = await buildPerson(app, 'Ben');
    const { personalConversationId: id } = await startConversation(app, ana, ben, 'seen?');
    const anaConn = await connect(ana, transport);
    const seen = nextCall(anaConn, 'ConversationSeen');
    const res = await app.inject({ method: 'POST', url: `/api/conversation/${id}/seen`, headers: ben.headers, payload: {} });
    expect(res.statusCode).toBe(204);
    const [event] = (await seen) as [TConversationSeen];
    expect(event).toEqual({ personalConversationId: id, seenBy: ben.account.id, seenAt: expect.any(String), sequence: 1 });
  });
});

describe('hub sign-in and attachments (WebSockets unless stated)', () => {
  it('accepts the token as an access_token query parameter only, and refuses none or a wrong one', async () => {
    const ben = await buildPerson(app, 'Ben');
    const ana = await buildPerson(app, 'Ana');
    const { personalConversationId: id } = await startConversation(app, ana, ben, 'hi');
    const byQuery = await connect(
      ben,
      HttpTransportType.LongPolling,
      `${hubUrl}?access_token=${encodeURIComponent(ben.accessToken)}`,
      false,
    );
    expect(byQuery.state).toBe(HubConnectionState.Connected);
    const got = nextCall(byQuery, 'MessageReceived');
    await send(app, ana, id, 'via long polling');
    expect(((await got) as [TConversationMessage])[0].message).toBe('via long polling');

    await expect(connect(ben, HttpTransportType.WebSockets, hubUrl, false)).rejects.toThrow(/401/);
    await expect(connect({ accessToken: 'not-a-token' }, HttpTransportType.WebSockets)).rejects.toThrow(/401/);
  });

  it('closes the connections of an account at logout, without automatic reconnect', async () => {
    const ben = await buildAccount(app);
    const conn = new HubConnectionBuilder()
      .withUrl(hubUrl, { transport: HttpTransportType.WebSockets, accessTokenFactory: () => ben.accessToken })
      .withAutomaticReconnect([0, 100])
      .configureLogging(LogLevel.None)
      .build();
    open.push(conn);
    await conn.start();
    let reconnecting = false;
    conn.onreconnecting(() => (reconnecting = true));
    const whenClosed = closed(conn);
    const res = await app.inject({ method: 'POST', url: '/api/personalAccount/logout', headers: ben.headers });
    expect(res.statusCode).toBe(200);
    expect((await whenClosed)?.message).toContain('Signed out.');
    await sleep(300);
    expect(reconnecting).toBe(false);
    expect(conn.state).toBe(HubConnectionState.Disconnected);
    // The revoked token cannot connect again.
    await expect(connect(ben, HttpTransportType.WebSockets)).rejects.toThrow(/401/);
  });

  it("at logout closes only that sign-in's connections: the same account on another device stays connected", async () => {
    const ben = await buildAccount(app);
    const phone = { ...ben, ...(await issueSession(app.db, ben.account.id)) };
    const laptopConn = await connect(ben, HttpTransportType.WebSockets);
    const phoneConn = await connect(phone, HttpTransportType.WebSockets);
    const laptopClosed = closed(laptopConn);
    const res = await app.inject({ method: 'POST', url: '/api/personalAccount/logout', headers: ben.headers });
    expect(res.statusCode).toBe(200);
    expect((await laptopClosed)?.message).toContain('Signed out.');
    await sleep(300);
    expect(phoneConn.state).toBe(HubConnectionState.Connected);
    const received = nextCall(phoneConn, 'AccountUpdated');
    await app.hub.sendToUser(ben.account.id, 'AccountUpdated', { accountName: 'still here' });
    expect(await received).toEqual([{ accountName: 'still here' }]);
  });

  it('at account deletion closes its connections and shows the other side a deleted account', async () => {
    const ana = await buildPerson(app, 'Ana');
    const ben = await buildPerson(app, 'Ben');
    const { personalConversationId: id } = await startConversation(app, ana, ben, 'goodbye soon');
    const anaConn = await connect(ana, HttpTransportType.WebSockets);
    const benConn = await connect(ben, HttpTransportType.WebSockets);
    const anaClosed = closed(anaConn);
    const benUpdated = nextCall(benConn, 'ConversationUpdated');

    expect((await app.inject({ method: 'POST', url: '/api/personalaccount/RequestUnRegisterOtp', headers: ana.headers })).statusCode).toBe(
      200,
    );
    const otp = await mailedCode(smtp, ana.account.email!);
    const verified = await app.inject({
      method: 'POST',
      url: '/api/personalaccount/VerifyUnregisterOtp',
      headers: ana.headers,
      payload: { otp },
    });
    expect(verified.json()).toBe(true);
    expect((await app.inject({ method: 'POST', url: '/api/personalaccount/unregisterAppAccount', headers: ana.headers })).statusCode).toBe(
      200,
    );

    expect((await anaClosed)?.message).toContain('The account was deleted.');
    const [summary] = (await benUpdated) as [TConversationSummary];
    expect(summary).toMatchObject({
      personalConversationId: id,
      counterpart: { name: 'Deleted account', deleted: true, vbcId: null },
      lastMessage: { message: 'goodbye soon', senderAccountId: null, senderDeleted: true },
    });
  });

  it('sends PhotoSetItemUploaded and DocumentUploaded for attachments, each file signed for the account it goes to', async () => {
    const ana = await buildPerson(app, 'Ana');
    const ben = await buildPerson(app, 'Ben');
    const { personalConversationId: id } = await startConversation(app, ana, ben, 'pictures');
    const benConn = await connect(ben, HttpTransportType.ServerSentEvents);
    const receivedTexts: unknown[] = [];
    benConn.on('MessageReceived', (m: unknown) => receivedTexts.push(m));

    const photo = nextCall(benConn, 'PhotoSetItemUploaded');
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const body = multipart({ name: 'red.png', type: 'image/png', data: png });
    const res = await app.inject({
      method: 'POST',
      url: `/api/conversation/${id}/photos`,
      headers: { ...ana.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(201);
    const [benPhoto] = (await photo) as [TConversationMessage];
    const anaPhoto = res.json<TConversationMessage>();
    expect(benPhoto).toEqual({ ...anaPhoto, photo: { ...anaPhoto.photo, url: expect.stringContaining(`?account=${ben.account.id}&`) } });
    expect(anaPhoto).toMatchObject({
      kind: 'photo',
      photo: { width: 8, height: 8, url: expect.stringContaining(`?account=${ana.account.id}&`) },
    });
    const served = await app.inject({ url: benPhoto.photo!.url });
    expect([served.statusCode, served.headers['cache-control']]).toEqual([200, expect.stringMatching(/^private, max-age=\d+$/)]);

    const documentEvent = nextCall(benConn, 'DocumentUploaded');
    const doc = multipart({ name: 'notes.txt', type: 'text/plain', data: Buffer.from('plain notes\n') });
    const sent = await app.inject({
      method: 'POST',
      url: `/api/conversation/${id}/documents`,
      headers: { ...ana.headers, 'content-type': doc.contentType },
      payload: doc.payload,
    });
    expect(sent.statusCode).toBe(201);
    const [benDocument] = (await documentEvent) as [TConversationMessage];
    expect(benDocument).toEqual({
      ...sent.json<TConversationMessage>(),
      document: { ...sent.json<TConversationMessage>().document, url: expect.stringContaining(`?account=${ben.account.id}&`) },
    });
    expect((await app.inject({ url: benDocument.document!.url })).body).toBe('plain notes\n');
    await sleep(100);
    expect(receivedTexts).toEqual([]); // one event per message, by kind
  });

  it('gives a newly connected device the next message of an older conversation at once, before its ConversationUpdated', async () => {
    const ana = await buildPerson(app, 'Ana');
    const ben = await buildPerson(app, 'Ben');
    const { personalConversationId: id } = await startConversation(app, ana, ben, 'first');
    await sleep(400); // the first message is older than the hub's wait for a message on its way (300 ms)
    const benConn = await connect(ben, HttpTransportType.WebSockets);
    const order: string[] = [];
    benConn.on('MessageReceived', () => order.push('MessageReceived'));
    benConn.on('ConversationUpdated', () => order.push('ConversationUpdated'));
    expect((await send(app, ana, id, 'second')).statusCode).toBe(201);
    // Held as if the message before might still be on its way, it would come after the update.
    await expect.poll(() => order).toEqual(['MessageReceived', 'ConversationUpdated']);
  });

  it('sends a new message to each WebSocket in one frame: MessageReceived, then the ConversationUpdated built from it', async () => {
    const ana = await buildPerson(app, 'Ana');
    const ben = await buildPerson(app, 'Ben');
    const { personalConversationId: id } = await startConversation(app, ana, ben, 'first');
    const frames: string[] = [];
    const ws = new WebSocket(hubUrl.replace('http', 'ws'), { headers: { authorization: `Bearer ${ben.accessToken}` } });
    ws.on('message', (data) => frames.push(String(data)));
    await new Promise((resolve, reject) => ws.on('open', resolve).on('error', reject));
    ws.send(`{"protocol":"json","version":1}${RS}`);
    await expect.poll(() => frames).toEqual([`{}${RS}`]);
    try {
      const sent = await send(app, ana, id, 'in one frame');
      expect(sent.statusCode).toBe(201);
      await expect.poll(() => frames.length).toBe(2);
      const records = frames[1]!.split(RS);
      expect(records.pop()).toBe(''); // each record ends with RS
      const [received, updated] = records.map((r) => JSON.parse(r) as { target: string; arguments: unknown[] });
      expect(records).toHaveLength(2);
      expect(received).toEqual({ type: 1, target: 'MessageReceived', arguments: [sent.json()] });
      // The summary sent with the message (its last message known, not read back) is what the API answers.
      const summary = await app.inject({ url: `/api/conversation/${id}`, headers: ben.headers });
      expect(updated).toEqual({ type: 1, target: 'ConversationUpdated', arguments: [summary.json()] });
      expect(summary.json<TConversationSummary>()).toMatchObject({ lastMessage: sent.json(), unseenCount: 2, lastSequence: 2 });
    } finally {
      ws.terminate();
    }
  });

  it('still sends a new message when its summaries cannot be read (the database went away after the commit)', async () => {
    const ana = await buildPerson(app, 'Ana');
    const ben = await buildPerson(app, 'Ben');
    const { personalConversationId: id } = await startConversation(app, ana, ben, 'first');
    const benConn = await connect(ben, HttpTransportType.WebSockets);
    const got: string[] = [];
    for (const name of ['MessageReceived', 'ConversationUpdated'])
      benConn.on(name, (m: TConversationMessage | TConversationSummary) => got.push(`${name} ${m.personalConversationId}`));
    const { row, previousAt } = await appendMessage(app.db, {
      conversationId: id,
      senderAccountId: ana.account.id,
      fromVbcId: ana.card.id,
      kind: 'text',
      body: 'committed',
      clientMessageId: randomUUID(),
      now: new Date(),
    });
    const gone = await openDatabase({ dataDir: 'memory://' });
    await gone.close();
    const warnings: string[] = [];
    const announcer = new ConversationAnnouncer({ db: gone.db, links: app.files }, app.hub, {
      warn: (_object, message) => warnings.push(message),
    });
    await announcer.messageAdded(presentMessage({ message: row, photo: null, document: null }), {
      participants: [ana.account.id, ben.account.id],
      previousAt,
    });
    await expect.poll(() => got).toEqual([`MessageReceived ${id}`]);
    expect(warnings).toEqual(['conversation summaries not read: the new message is sent without them']);
  });

  it('announces a retried send whose first attempt was committed but never announced (crash between commit and publish)', async () => {
    const ana = await buildPerson(app, 'Ana');
    const ben = await buildPerson(app, 'Ben');
    const { personalConversationId: id } = await startConversation(app, ana, ben, 'first');
    const benConn = await connect(ben, HttpTransportType.WebSockets);
    const clientMessageId = randomUUID();
    // The first attempt: committed, then the instance died before publishing.
    await appendMessage(app.db, {
      conversationId: id,
      senderAccountId: ana.account.id,
      fromVbcId: ana.card.id,
      kind: 'text',
      body: 'lost in the crash',
      clientMessageId,
      now: new Date(),
    });
    const event = nextCall(benConn, 'MessageReceived');
    const retry = await send(app, ana, id, 'lost in the crash', clientMessageId);
    expect(retry.statusCode).toBe(200);
    expect(await event).toEqual([retry.json()]);
  });
});
