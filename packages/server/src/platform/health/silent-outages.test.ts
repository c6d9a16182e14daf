/**
 * PostgreSQL or Redis going silent under a running server: packets dropped, no refusal and no reset,
 * as a network cut does (a test proxy stops carrying bytes; the shared servers are never touched).
 * Every wait is bounded on connections already open: a request that needs the database answers
 * 503 within DATABASE_TIMEOUT_MS, sends keep answering 2xx within a few seconds of a Redis cut
 * (per-instance rate limits), and the instances' clients are told to resync when Redis is back.
 */
import { randomUUID } from 'node:crypto';
import { HubConnectionBuilder, HttpTransportType, LogLevel } from '@microsoft/signalr';
import { HUB } from '@vbc/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createRedisBackplane } from '../backplane/index.ts';
import { openBoundedRedis } from '../redis/connect.ts';
import { openProxiedServices, type TProxiedServices } from '../../test/proxied-services.ts';
import { serviceUrl } from '../../test/services.ts';
import { allMessages, buildPerson, send, startConversation } from '../../test/conversations-support.ts';
import { nextCall } from '../../test/hub-support.ts';
import { hostPort, startTcpProxy, throughProxy } from '../../test/tcp-proxy.ts';

const databaseUrl = serviceUrl('TEST_DATABASE_URL', 'the silent-outage tests');
const redisUrl = serviceUrl('TEST_REDIS_URL', 'the silent-outage tests');

/** The bounds this suite runs with (the product's defaults are 2000 and 1000 ms). */
const DATABASE_TIMEOUT_MS = 1000;
const REDIS_TIMEOUT_MS = 1000;

/** How long `work` took, in ms, with its result. */
async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
}

const metric = async (app: FastifyInstance, dependency: string): Promise<number> => {
  const text = (await app.inject({ url: '/metrics' })).body;
  return Number(new RegExp(`^dependency_timeouts_total\\{dependency="${dependency}"\\} (\\d+)`, 'm').exec(text)?.[1] ?? NaN);
};

describe.skipIf(!databaseUrl || !redisUrl)('PostgreSQL and Redis gone silent', () => {
  let w: TProxiedServices;
  beforeAll(async () => {
    w = await openProxiedServices(redisUrl!, { timeoutMs: DATABASE_TIMEOUT_MS, env: { REDIS_TIMEOUT_MS: String(REDIS_TIMEOUT_MS) } });
  });
  afterAll(() => w?.close());

  it('answers 503 when a query outlives the bound (a send held behind a lock), and the retry with the same id is stored once', async () => {
    const ana = await buildPerson(w.app, 'Ana');
    const ben = await buildPerson(w.app, 'Ben');
    const { personalConversationId: id } = await startConversation(w.app, ana, ben, 'first');
    const timeoutsBefore = await metric(w.app, 'postgres');
    // Another session holds the conversation's row: the send's statement waits past the bound.
    const holder = new pg.Client({ connectionString: w.created.url });
    await holder.connect();
    await holder.query('begin');
    await holder.query('select 1 from conversations where id = $1 for update', [id]);
    const clientMessageId = randomUUID();
    try {
      const { ms, result: held } = await timed(() => send(w.app, ana, id, 'behind a lock', clientMessageId));
      expect(held.statusCode).toBe(503);
      expect(held.headers['retry-after']).toMatch(/^\d+$/);
      expect(held.json()).toEqual({ message: 'The database is not reachable right now. Try again in a moment.', code: 'unavailable' });
      expect(ms).toBeGreaterThanOrEqual(DATABASE_TIMEOUT_MS - 50);
      expect(ms).toBeLessThan(DATABASE_TIMEOUT_MS + 1500);
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    expect(await metric(w.app, 'postgres')).toBe(timeoutsBefore + 1);
    // The server may still have run the statement once the lock was free (it does not notice a
    // client that left while it waited): the retry with the same id answers the one stored message,
    // 200 if it was, 201 if this retry appended it.
    const retried = await send(w.app, ana, id, 'behind a lock', clientMessageId);
    expect([200, 201]).toContain(retried.statusCode);
    expect((await send(w.app, ana, id, 'behind a lock', clientMessageId)).statusCode).toBe(200);
    const bodies = (await allMessages(w.app, ana, id)).map((m) => m.message);
    expect(bodies).toEqual(['first', 'behind a lock']);
  });

  it('answers 503 within the bound while PostgreSQL is silent, on connections already open, and recovers', async () => {
    const ana = await buildPerson(w.app, 'Ana');
    const ben = await buildPerson(w.app, 'Ben');
    const { personalConversationId: id } = await startConversation(w.app, ana, ben, 'before the cut');
    w.pgProxy.silence();
    try {
      const answers = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => timed(() => send(w.app, ana, id, `during the cut ${i}`))));
      for (const { ms, result } of answers) {
        expect(result.statusCode).toBe(503);
        expect(ms).toBeLessThan(DATABASE_TIMEOUT_MS * 2 + 1000);
      }
      const ready = await w.app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ database: 'unreachable', redis: 'ok' });
    } finally {
      await w.pgProxy.restore();
    }
    expect((await send(w.app, ana, id, 'after the cut')).statusCode).toBe(201);
    // Nothing sent during the cut was stored: the server never saw it (or a retry would find it).
    expect((await allMessages(w.app, ana, id)).map((m) => m.message)).toEqual(['before the cut', 'after the cut']);
    expect((await w.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });

  it('keeps sending within 3 s of a silent Redis cut (per-instance rate limits), and tells hub clients to resync when it is back', async () => {
    const ana = await buildPerson(w.app, 'Ana');
    const ben = await buildPerson(w.app, 'Ben');
    const { personalConversationId: id } = await startConversation(w.app, ana, ben, 'before the cut');
    const benConn = new HubConnectionBuilder()
      .withUrl(w.hubUrl, { transport: HttpTransportType.WebSockets, accessTokenFactory: () => ben.accessToken })
      .configureLogging(LogLevel.None)
      .build();
    await benConn.start();
    const timeoutsBefore = await metric(w.app, 'redis');
    const fallbackLines = () => w.log.lines.filter((l) => l.includes('rate limits fall back to per-instance counters')).length;
    const fallbacksBefore = fallbackLines();
    try {
      w.redisProxy.silence();
      const cutAt = performance.now();
      const answered: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await send(w.app, ana, id, `during the cut ${i}`);
        expect(res.statusCode).toBe(201);
        answered.push(performance.now() - cutAt);
      }
      expect(answered[0]!).toBeLessThan(3000);
      // Once noticed, the fallback is immediate: the later sends do not wait for Redis.
      expect(answered[5]! - answered[0]!).toBeLessThan(1500);
      expect(fallbackLines()).toBe(fallbacksBefore + 1);
      const ready = await w.app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ database: 'postgres', redis: 'unreachable' });
      expect(await metric(w.app, 'redis')).toBeGreaterThan(timeoutsBefore);

      const resync = nextCall(benConn, HUB.resyncMethod, 15_000);
      await w.redisProxy.restore();
      expect(await resync).toEqual([]);
    } finally {
      await w.redisProxy.restore();
      await benConn.stop();
    }
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && (await w.app.inject({ url: '/readyz' })).statusCode !== 200)
      await new Promise((r) => setTimeout(r, 100));
    expect((await send(w.app, ana, id, 'after the cut')).statusCode).toBe(201);
    const shared = Date.now() + 10_000;
    while (Date.now() < shared && !w.log.text.includes('rate limits are shared between instances again'))
      await new Promise((r) => setTimeout(r, 100));
    expect(w.log.text).toContain('rate limits are shared between instances again');
  }, 60_000);

  it('a Redis command on a silent connection fails within the bound, and the connection is rebuilt', async () => {
    const proxy = await startTcpProxy(hostPort(redisUrl!));
    let timeouts = 0;
    const redis = openBoundedRedis(throughProxy(redisUrl!, proxy), { timeoutMs: 500, onTimeout: () => timeouts++ });
    try {
      expect(await redis.ping()).toBe('PONG');
      proxy.silence();
      const { ms, result } = await timed(() =>
        redis.ping().then(
          () => 'answered',
          (e: Error) => e.message,
        ),
      );
      expect(result).toMatch(/timed out|Socket timeout|Connection is closed/);
      expect(ms).toBeLessThan(1000);
      const deadline = Date.now() + 2000;
      while (Date.now() < deadline && redis.status === 'ready') await new Promise((r) => setTimeout(r, 20));
      expect(redis.status).not.toBe('ready');
      expect(timeouts).toBeGreaterThanOrEqual(1);
      await proxy.restore();
      const back = Date.now() + 10_000;
      while (Date.now() < back && redis.status !== 'ready') await new Promise((r) => setTimeout(r, 50));
      expect(await redis.ping()).toBe('PONG');
    } finally {
      redis.disconnect();
      await proxy.close();
    }
  });

  it('an idle Redis subscriber connection cut silently is noticed by its PING, resyncs when back, and hears its channel again', async () => {
    const proxy = await startTcpProxy(hostPort(redisUrl!));
    const backplane = createRedisBackplane(throughProxy(redisUrl!, proxy), { timeoutMs: 500 });
    const other = createRedisBackplane(redisUrl!, { timeoutMs: 500 });
    const channel = `test:${randomUUID()}`;
    const received: string[] = [];
    let resyncs = 0;
    backplane.onResync(() => resyncs++);
    try {
      await backplane.subscribe(channel, (payload) => received.push(payload));
      await backplane.ping();
      proxy.silence();
      // Nothing is sent by the test: only the heartbeat can notice.
      const noticed = Date.now() + 3000;
      while (
        Date.now() < noticed &&
        (await backplane.ping().then(
          () => true,
          () => false,
        ))
      )
        await new Promise((r) => setTimeout(r, 50));
      await expect(backplane.ping()).rejects.toThrow();
      await proxy.restore();
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline && resyncs === 0) await new Promise((r) => setTimeout(r, 50));
      expect(resyncs).toBe(1);
      // The resync comes once the channel is subscribed again: what is published from then on arrives.
      await other.publish(channel, 'after the cut');
      const heard = Date.now() + 5000;
      while (Date.now() < heard && received.length === 0) await new Promise((r) => setTimeout(r, 20));
      expect(received).toEqual(['after the cut']);
    } finally {
      await backplane.close();
      await other.close();
      await proxy.close();
    }
  });

  it('a reconnect lost again before its channels are subscribed again leaves no rejection unhandled', async () => {
    const proxy = await startTcpProxy(hostPort(redisUrl!));
    const backplane = createRedisBackplane(throughProxy(redisUrl!, proxy), { timeoutMs: 500 });
    const unhandled: unknown[] = [];
    const collect = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', collect);
    try {
      await backplane.subscribe(`test:${randomUUID()}`, () => undefined);
      await proxy.cut();
      // Back, and silent again the moment the subscriber asks for its channels: closed unanswered.
      const resubscribing = proxy.silenceOn(/subscribe/i);
      await proxy.restore();
      await resubscribing;
      await backplane.close();
      await new Promise((r) => setTimeout(r, 500));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', collect);
      await backplane.close();
      await proxy.close();
    }
  });

  it('an instance that could not publish while cut off tells the other instances to resync when it is back', async () => {
    const proxy = await startTcpProxy(hostPort(redisUrl!));
    const cutOff = createRedisBackplane(throughProxy(redisUrl!, proxy), { timeoutMs: 500 });
    const other = createRedisBackplane(redisUrl!, { timeoutMs: 500 });
    let otherResyncs = 0;
    other.onResync(() => otherResyncs++);
    const channel = `test:${randomUUID()}`;
    const received: string[] = [];
    try {
      await other.subscribe(channel, (payload) => received.push(payload));
      await cutOff.subscribe(`test:${randomUUID()}`, () => undefined);
      await cutOff.publish(channel, 'before');
      proxy.silence();
      await expect(cutOff.publish(channel, 'lost')).rejects.toThrow();
      // A cut longer than the bound: the silent connections are dropped, and what they sent with them.
      await new Promise((r) => setTimeout(r, 1500));
      await proxy.restore();
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline && otherResyncs === 0) await new Promise((r) => setTimeout(r, 50));
      // The other instance's own connection never dropped: only the cut-off instance's word tells it.
      expect(otherResyncs).toBe(1);
      expect(received).toEqual(['before']);
    } finally {
      await cutOff.close();
      await other.close();
      await proxy.close();
    }
  });
});
