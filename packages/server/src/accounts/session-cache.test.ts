/**
 * The session cache on two instances (one PostgreSQL database, each its own pool and its own Redis
 * connection, as behind a load balancer): a sign-out or an account deletion on one instance ends
 * the session on the other within a second, through the backplane.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type Database } from '../platform/db/client.ts';
import { sessions } from '../platform/db/schema/index.ts';
import { buildTestApp } from '../test/app.ts';
import { createPostgresDatabase } from '../test/databases.ts';
import { authHeaders, client, mailedCode, registerByEmail } from '../test/accounts-support.ts';
import { startSmtpSink } from '../test/notify-sinks.ts';
import { serviceUrl } from '../test/services.ts';
import { SESSION_CACHE_MS } from './session-cache.ts';
import { sha256 } from './sessions.ts';

const databaseUrl = serviceUrl('TEST_DATABASE_URL', 'the two-instance session tests');
const redisUrl = serviceUrl('TEST_REDIS_URL', 'the two-instance session tests');
/** The spec's bound: a sign-out takes effect on every instance within this. */
const EVERY_INSTANCE_MS = 1000;

describe.skipIf(!databaseUrl || !redisUrl)('session cache on two instances over Redis', () => {
  let drop: () => Promise<void>;
  const databases: Database[] = [];
  let a: FastifyInstance;
  let b: FastifyInstance;
  const smtpSink = startSmtpSink();

  beforeAll(async () => {
    const smtp = await smtpSink;
    const created = await createPostgresDatabase();
    drop = created.drop;
    for (let i = 0; i < 2; i++) databases.push(await openDatabase({ url: created.url, dataDir: '', maxConnections: 5 }));
    const env = { REDIS_URL: redisUrl!, SMTP_URL: smtp.url };
    ({ app: a } = await buildTestApp(databases[0]!, { env }));
    ({ app: b } = await buildTestApp(databases[1]!, { env }));
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await Promise.all(databases.map((d) => d.close()));
    await (await smtpSink).close();
    await drop?.();
  });

  /** A signed-in account whose session both instances have cached. */
  async function cachedOnBoth() {
    const login = await registerByEmail(
      client(() => a),
      await smtpSink,
    );
    const headers = authHeaders(login);
    const myAccount = (app: FastifyInstance) => app.inject({ url: '/api/personalAccount/myAccount', headers });
    for (const app of [a, b]) expect((await myAccount(app)).statusCode).toBe(200);
    return { login, headers, myAccount };
  }

  /** Waits for `app` to refuse the session: at most EVERY_INSTANCE_MS, far below SESSION_CACHE_MS (its cached time). */
  const refusedWithinASecond = (read: () => Promise<{ statusCode: number }>) =>
    vi.waitFor(async () => expect((await read()).statusCode).toBe(401), { timeout: EVERY_INSTANCE_MS, interval: 20 });

  it('answers a cached session from memory: a revocation nobody announced is not seen at once', async () => {
    const { login, myAccount } = await cachedOnBoth();
    await a.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.tokenHash, sha256(login.accessToken)));
    expect((await myAccount(b)).statusCode).toBe(200);
    // So only the backplane can end it on the other instance within a second (the tests below).
    expect(SESSION_CACHE_MS).toBeGreaterThan(5 * EVERY_INSTANCE_MS);
  });

  it('a sign-out on one instance ends the session on the other within a second', async () => {
    const { headers, myAccount } = await cachedOnBoth();
    const other = await registerByEmail(
      client(() => a),
      await smtpSink,
    );
    expect((await b.inject({ url: '/api/personalAccount/myAccount', headers: authHeaders(other) })).statusCode).toBe(200);
    expect((await a.inject({ method: 'POST', url: '/api/personalAccount/logout', headers })).statusCode).toBe(200);
    expect((await myAccount(a)).statusCode).toBe(401);
    await refusedWithinASecond(() => myAccount(b));
    // Another account's session stays.
    expect((await b.inject({ url: '/api/personalAccount/myAccount', headers: authHeaders(other) })).statusCode).toBe(200);
  });

  it('an account deletion on one instance ends its sessions on the other within a second', async () => {
    const { login, headers, myAccount } = await cachedOnBoth();
    const c = client(() => a);
    expect((await c.post('/api/personalaccount/RequestUnRegisterOtp', undefined, headers)).statusCode).toBe(200);
    const otp = await mailedCode(await smtpSink, login.email);
    expect((await c.post('/api/personalaccount/VerifyUnregisterOtp', { otp }, headers)).json()).toBe(true);
    expect((await c.post('/api/personalaccount/unregisterAppAccount', undefined, headers)).statusCode).toBe(200);
    await refusedWithinASecond(() => myAccount(b));
  });
});
