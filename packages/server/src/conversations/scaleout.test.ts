/**
 * Two server instances on one PostgreSQL database, each with its own pool and its own Redis
 * connection (REDIS_URL: backplane and rate limits), as behind a load balancer.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { TConversationMessage, TConversationSeen } from '@vbc/shared/conversation';
import { openDatabase, type Database } from '../platform/db/client.ts';
import { buildTestApp } from '../test/app.ts';
import { TRANSPORTS, nextCall, sleep } from '../test/hub-support.ts';
import { buildPerson, closeListening, listenForHub, send, startConversation } from '../test/conversations-support.ts';
import { serviceUrl } from '../test/services.ts';

const databaseUrl = serviceUrl('TEST_DATABASE_URL', 'the two-instance messaging tests');
const redisUrl = serviceUrl('TEST_REDIS_URL', 'the two-instance messaging tests');

describe.skipIf(!databaseUrl || !redisUrl)('two instances on one PostgreSQL and Redis', () => {
  const name = `vbc_t_${randomBytes(6).toString('hex')}`;
  const databases: Database[] = [];
  let a: FastifyInstance;
  let b: FastifyInstance;
  let urlA: string;
  let urlB: string;
  const clients: HubConnection[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(databaseUrl!);
    url.pathname = `/${name}`;
    // Two pools on one database; the second start finds the migrations applied.
    for (let i = 0; i < 2; i++) databases.push(await openDatabase({ url: url.toString(), dataDir: '', maxConnections: 5 }));
    ({ app: a } = await buildTestApp(databases[0]!, { env: { REDIS_URL: redisUrl! } }));
    ({ app: b } = await buildTestApp(databases[1]!, { env: { REDIS_URL: redisUrl! } }));
    urlA = await listenForHub(a);
    urlB = await listenForHub(b);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.stop()));
    await Promise.all([a && closeListening(a), b && closeListening(b)]);
    await Promise.all(databases.map((d) => d.close()));
    const dropper = new pg.Client({ connectionString: databaseUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  });

  const connect = async (url: string, accessToken: string, transport: HttpTransportType): Promise<HubConnection> => {
    const conn = new HubConnectionBuilder()
      .withUrl(url, { transport, accessTokenFactory: () => accessToken })
      .configureLogging(LogLevel.None)
      .build();
    clients.push(conn);
    await conn.start();
    return conn;
  };

  it.each(TRANSPORTS)('a client on A receives a message sent through B (%s)', async (_name, transport) => {
    const ana = await buildPerson(a, 'Ana');
    const ben = await buildPerson(a, 'Ben');
    const benOnA = await connect(urlA, ben.accessToken, transport);
    const anaOnB = await connect(urlB, ana.accessToken, transport);

    // First contact through B, read on A; Ana's own connection gets it too (her other devices stay in
    // step), and that echo is awaited here so it cannot be taken for the reply below.
    const first = nextCall(benOnA, 'MessageReceived');
    const echo = nextCall(anaOnB, 'MessageReceived');
    const { personalConversationId: id, lastMessage } = await startConversation(b, ana, ben, 'through B');
    expect(await first).toEqual([lastMessage]);
    expect(await echo).toEqual([lastMessage]);

    // A reply through A reaches Ana's connection on B; seen through B reaches Ben on A.
    const reply = nextCall(anaOnB, 'MessageReceived');
    const res = await send(a, ben, id, 'answered via A');
    expect(res.statusCode).toBe(201);
    expect(await reply).toEqual([res.json<TConversationMessage>()]);

    const seen = nextCall(benOnA, 'ConversationSeen');
    expect((await b.inject({ method: 'POST', url: `/api/conversation/${id}/seen`, headers: ana.headers, payload: {} })).statusCode).toBe(
      204,
    );
    expect(((await seen) as [TConversationSeen])[0]).toMatchObject({ personalConversationId: id, seenBy: ana.account.id, sequence: 2 });
  });

  it('keeps sequences gap-free when both instances take sends for one conversation at once', async () => {
    const ana = await buildPerson(a, 'Ana');
    const ben = await buildPerson(a, 'Ben');
    const { personalConversationId: id } = await startConversation(a, ana, ben, 'start');
    const benOnB = await connect(urlB, ben.accessToken, HttpTransportType.WebSockets);
    const received: number[] = [];
    benOnB.on('MessageReceived', (m: TConversationMessage) => received.push(m.sequence));
    const sent = await Promise.all(Array.from({ length: 20 }, (_, i) => send(i % 2 ? a : b, i % 3 ? ana : ben, id, `p${i}`)));
    expect(sent.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    expect(sent.map((r) => r.json<TConversationMessage>().sequence).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 2),
    );
    const deadline = Date.now() + 5000;
    while (received.length < 20 && Date.now() < deadline) await sleep(20);
    expect([...received].sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
  });
});
