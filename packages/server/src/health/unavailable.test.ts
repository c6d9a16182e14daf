/**
 * PostgreSQL or Redis going away under a running server (an outage simulated by cutting a TCP proxy
 * the test owns; the shared servers are never touched): a request that needs the database answers
 * 503 with Retry-After, never 500, and /readyz says which service is missing, until it is back.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type Database } from '../db/client.ts';
import { buildTestApp } from '../test/app.ts';
import { createPostgresDatabase } from '../test/databases.ts';
import { serviceUrl } from '../test/services.ts';
import { hostPort, startTcpProxy, throughProxy, type TTcpProxy } from '../test/tcp-proxy.ts';

const databaseUrl = serviceUrl('TEST_DATABASE_URL', 'the database-outage tests');
const redisUrl = serviceUrl('TEST_REDIS_URL', 'the database-outage tests');

describe.skipIf(!databaseUrl || !redisUrl)('PostgreSQL and Redis outages', () => {
  let created: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let pgProxy: TTcpProxy;
  let redisProxy: TTcpProxy;
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    created = await createPostgresDatabase();
    pgProxy = await startTcpProxy(hostPort(created.url));
    redisProxy = await startTcpProxy(hostPort(redisUrl!));
    database = await openDatabase({ url: throughProxy(created.url, pgProxy), dataDir: '', maxConnections: 4 });
    ({ app } = await buildTestApp(database, { env: { REDIS_URL: throughProxy(redisUrl!, redisProxy) } }));
  });
  afterAll(async () => {
    await app?.close();
    await database?.close().catch(() => undefined);
    await pgProxy?.close();
    await redisProxy?.close();
    await created?.drop();
  });

  const unknownCard = () => app.inject({ url: `/api/vbc/virtualcontact/${randomUUID()}` });

  it('answers 503 with Retry-After while PostgreSQL is down, and /readyz says so; both recover', async () => {
    expect((await unknownCard()).statusCode).toBe(404);
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);

    await pgProxy.cut();
    const down = await unknownCard();
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toMatch(/^\d+$/);
    expect(down.json()).toEqual({ message: 'The database is not reachable right now. Try again in a moment.', code: 'unavailable' });
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'unavailable', database: 'unreachable', redis: 'ok' });

    await pgProxy.restore();
    expect((await unknownCard()).statusCode).toBe(404);
    expect((await app.inject({ url: '/readyz' })).json()).toMatchObject({ status: 'ready', database: 'postgres', redis: 'ok' });
  });

  it('/readyz is 503 naming Redis while the configured Redis is down', async () => {
    await redisProxy.cut();
    try {
      const ready = await app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'unavailable', database: 'postgres', redis: 'unreachable' });
    } finally {
      await redisProxy.restore();
    }
    const deadline = Date.now() + 10_000;
    let status = 0;
    while (Date.now() < deadline && (status = (await app.inject({ url: '/readyz' })).statusCode) !== 200) await new Promise((r) => setTimeout(r, 200));
    expect(status).toBe(200);
  });
});
