/**
 * PostgreSQL or Redis going away under a running server (an outage simulated by cutting a TCP proxy
 * the test owns; the shared servers are never touched): a request that needs the database answers
 * 503 with Retry-After, never 500, and /readyz says which service is missing, until it is back.
 * Without Redis, sending still works (per-instance rate limits) and hub clients are told to resync
 * once the backplane is back.
 */
import { randomUUID } from 'node:crypto';
import { HubConnectionBuilder, HttpTransportType, LogLevel } from '@microsoft/signalr';
import { HUB } from '@vbc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openProxiedServices, type TProxiedServices } from '../../test/proxied-services.ts';
import { serviceUrl } from '../../test/services.ts';
import { buildPerson, send, startConversation } from '../../test/conversations-support.ts';
import { nextCall } from '../../test/hub-support.ts';

const databaseUrl = serviceUrl('TEST_DATABASE_URL', 'the database-outage tests');
const redisUrl = serviceUrl('TEST_REDIS_URL', 'the database-outage tests');

describe.skipIf(!databaseUrl || !redisUrl)('PostgreSQL and Redis outages', () => {
  let w: TProxiedServices;
  beforeAll(async () => {
    w = await openProxiedServices(redisUrl!);
  });
  afterAll(() => w?.close());

  const unknownCard = () => w.app.inject({ url: `/api/vbc/virtualcontact/${randomUUID()}` });

  it('answers 503 with Retry-After while PostgreSQL is down, and /readyz says so; both recover', async () => {
    expect((await unknownCard()).statusCode).toBe(404);
    expect((await w.app.inject({ url: '/readyz' })).statusCode).toBe(200);

    await w.pgProxy.cut();
    const down = await unknownCard();
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toMatch(/^\d+$/);
    expect(down.json()).toEqual({ message: 'The database is not reachable right now. Try again in a moment.', code: 'unavailable' });
    const ready = await w.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'unavailable', database: 'unreachable', redis: 'ok' });

    await w.pgProxy.restore();
    expect((await unknownCard()).statusCode).toBe(404);
    expect((await w.app.inject({ url: '/readyz' })).json()).toMatchObject({ status: 'ready', database: 'postgres', redis: 'ok' });
  });

  it('/readyz is 503 naming Redis while the configured Redis is down', async () => {
    await w.redisProxy.cut();
    try {
      const ready = await w.app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'unavailable', database: 'postgres', redis: 'unreachable' });
    } finally {
      await w.redisProxy.restore();
    }
    const deadline = Date.now() + 10_000;
    let status = 0;
    while (Date.now() < deadline && (status = (await w.app.inject({ url: '/readyz' })).statusCode) !== 200)
      await new Promise((r) => setTimeout(r, 200));
    expect(status).toBe(200);
  });

  const waitReady = async () => {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && (await w.app.inject({ url: '/readyz' })).statusCode !== 200)
      await new Promise((r) => setTimeout(r, 100));
  };

  it('keeps sending while Redis is down (rate limits per instance, said once in the log), and tells hub clients to resync when it is back', async () => {
    const ana = await buildPerson(w.app, 'Ana');
    const ben = await buildPerson(w.app, 'Ben');
    const { personalConversationId: id } = await startConversation(w.app, ana, ben, 'before the outage');
    const benConn = new HubConnectionBuilder()
      .withUrl(w.hubUrl, { transport: HttpTransportType.WebSockets, accessTokenFactory: () => ben.accessToken })
      .configureLogging(LogLevel.None)
      .build();
    await benConn.start();
    try {
      const fallbackLines = () => w.log.lines.filter((l) => l.includes('rate limits fall back to per-instance counters')).length;
      expect(fallbackLines()).toBe(0);
      await w.redisProxy.cut();
      const during = [];
      for (let i = 0; i < 3; i++) during.push((await send(w.app, ana, id, `during the outage ${i}`)).statusCode);
      expect(during).toEqual([201, 201, 201]);
      expect(fallbackLines()).toBe(1);

      const resync = nextCall(benConn, HUB.resyncMethod, 15_000);
      await w.redisProxy.restore();
      expect(await resync).toEqual([]);
      await waitReady();
      expect((await send(w.app, ana, id, 'after the outage')).statusCode).toBe(201);
      expect(w.log.text).toContain('rate limits are shared between instances again');
    } finally {
      await w.redisProxy.restore();
      await benConn.stop();
    }
  }, 60_000);
});
