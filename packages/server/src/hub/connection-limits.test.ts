/**
 * Issue 9 finding 8 and a seen defect: hub connections per account are capped (the next negotiate
 * is a 429 naming the limit), and a burst of WebSocket upgrades that exhausts the database pool is
 * answered 503 with Retry-After (as any request that needs the unreachable database), never 500.
 */
import { HttpTransportType } from '@microsoft/signalr';
import pg from 'pg';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../platform/config/config.ts';
import { openDatabase, type Database, type Db } from '../platform/db/client.ts';
import { namedStatementsOn } from '../platform/db/prepared.ts';
import { describeEachDatabase, buildTestApp } from '../test/app.ts';
import { createPostgresDatabase } from '../test/databases.ts';
import { serviceUrl } from '../test/services.ts';
import { buildAccount } from '../test/factories.ts';
import { closeListening, listenForHub, useListeningApp } from '../test/conversations-support.ts';
import { client } from '../test/hub-support.ts';

const negotiate = (app: FastifyInstance, who: { accessToken: string }) =>
  app.inject({ method: 'POST', url: '/personalHub/negotiate?negotiateVersion=1', headers: { authorization: `Bearer ${who.accessToken}` } });

const TOO_MANY =
  'Too many open connections for this account (at most 3 at once). Close the app in another tab or on another device, then try again.';

it('allows 50 hub connections per account unless HUB_MAX_CONNECTIONS_PER_ACCOUNT says otherwise', () => {
  expect(loadConfig({}).HUB_MAX_CONNECTIONS_PER_ACCOUNT).toBe(50);
  expect(loadConfig({ HUB_MAX_CONNECTIONS_PER_ACCOUNT: '3' }).HUB_MAX_CONNECTIONS_PER_ACCOUNT).toBe(3);
  expect(() => loadConfig({ HUB_MAX_CONNECTIONS_PER_ACCOUNT: '0' })).toThrow(/HUB_MAX_CONNECTIONS_PER_ACCOUNT/);
});

describeEachDatabase(
  'hub connections per account',
  (ctx) => {
    it('refuses the negotiate past the cap with 429 and a clear message; other accounts are not affected', async () => {
      const ana = await buildAccount(ctx.app);
      const ben = await buildAccount(ctx.app);
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await negotiate(ctx.app, ana)).statusCode);
      expect(statuses).toEqual([200, 200, 200]);
      const refused = await negotiate(ctx.app, ana);
      expect([refused.statusCode, refused.json()]).toEqual([429, { message: TOO_MANY, code: 'too_many_connections' }]);
      expect((await negotiate(ctx.app, ben)).statusCode).toBe(200);
    });
  },
  { env: { HUB_MAX_CONNECTIONS_PER_ACCOUNT: '3' } },
);

describe('hub connections per account, with the official client', () => {
  const ctx = useListeningApp({ HUB_MAX_CONNECTIONS_PER_ACCOUNT: '3' });

  it('refuses the 4th open connection of an account, and takes one again once another closed', async () => {
    const ana = await buildAccount(ctx.app);
    const open = [HttpTransportType.WebSockets, HttpTransportType.ServerSentEvents, HttpTransportType.LongPolling].map((t) =>
      client(ctx.hubUrl, t, ana.accessToken),
    );
    await Promise.all(open.map((c) => c.start()));
    const fourth = client(ctx.hubUrl, HttpTransportType.WebSockets, ana.accessToken);
    await expect(fourth.start()).rejects.toThrow(/429|Too many open connections/);
    // Without negotiate (skipNegotiation), the WebSocket itself is refused the same way.
    const direct = await upgradeStatus(`${ctx.hubUrl.replace('http', 'ws')}?access_token=${ana.accessToken}`);
    expect(direct).toMatchObject({ status: 429, body: { code: 'too_many_connections' } });

    await open[0]!.stop();
    await fourth.start();
    await Promise.all([...open.slice(1), fourth].map((c) => c.stop()));
  });
});

/** Opens a raw WebSocket; resolves with the status, Retry-After and body of its refusal (or 101 when it opened). */
function upgradeStatus(url: string): Promise<{ status: number; retryAfter?: string; body?: { code: string; message: string } }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.on('open', () => {
      ws.close();
      resolve({ status: 101 });
    });
    ws.on('unexpected-response', (_req, res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'], body: text ? JSON.parse(text) : undefined }),
      );
    });
    ws.on('error', reject);
  });
}

/** Polls an async condition every 50 ms for up to 5 s. */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('Condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const databaseUrl = serviceUrl('TEST_DATABASE_URL', 'the hub database-pool test');

describe.skipIf(!databaseUrl)('a burst of WebSocket upgrades with the database pool exhausted [postgres]', () => {
  let created: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let database: Database;
  let app: FastifyInstance;
  let hubUrl: string;

  beforeAll(async () => {
    created = await createPostgresDatabase();
    database = await openDatabase({ url: created.url, dataDir: '', maxConnections: 2 });
    ({ app } = await buildTestApp(database));
    hubUrl = await listenForHub(app);
  });
  afterAll(async () => {
    if (app) await closeListening(app);
    await database?.close();
    await created?.drop();
  });

  it('answers every upgrade 503 with Retry-After (never 500), and connects again once the pool is free', async () => {
    const ana = await buildAccount(app);
    const wsUrl = `${hubUrl.replace('http', 'ws')}?access_token=${ana.accessToken}`;
    // Every pooled connection held for longer than the pool's wait for a free one (DATABASE_TIMEOUT_MS,
    // 2 s): the two for queries and the one for named statements (the session lookup), each by an
    // open transaction that sends nothing meanwhile, since a query that long would itself be cut at
    // that bound.
    const hold = (db: Db) => db.transaction(() => new Promise((resolve) => setTimeout(resolve, 6500)));
    const busy = [hold(database.db), hold(database.db), hold(namedStatementsOn(database.db))];
    const watcher = new pg.Client({ connectionString: created.url });
    await watcher.connect();
    try {
      await eventually(
        async () =>
          (
            await watcher.query(
              `select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'idle in transaction'`,
            )
          ).rows[0].n === 3,
      );
    } finally {
      await watcher.end();
    }
    const burst = await Promise.all(Array.from({ length: 100 }, () => upgradeStatus(wsUrl)));
    const statuses = new Map<number, number>();
    for (const r of burst) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    expect(Object.fromEntries(statuses)).toEqual({ 503: 100 });
    expect(burst[0]).toEqual({
      status: 503,
      retryAfter: '5',
      body: { message: 'The database is not reachable right now. Try again in a moment.', code: 'unavailable' },
    });
    await Promise.all(busy);
    expect((await upgradeStatus(wsUrl)).status).toBe(101);
  }, 30_000);
});
