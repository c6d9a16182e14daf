/**
 * The outbox across instances: apps on one PostgreSQL database, each with its own pool and its
 * own dispatcher, as separate servers would be.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { TCreatedWebhook, TWebhookAttempt } from '@vbc/shared';
import { openDatabase, type Database } from '../platform/db/client.ts';
import { webhookDeliveries } from '../platform/db/schema/index.ts';
import { buildTestApp } from '../test/app.ts';
import { createPostgresDatabase } from '../test/databases.ts';
import { buildAccount } from '../test/factories.ts';
import { buildPerson, send, startConversation } from '../test/conversations-support.ts';
import { serviceUrl } from '../test/services.ts';
import { startWebhookReceiver, type TWebhookReceiver } from '../test/webhook-receiver.ts';

const databaseUrl = serviceUrl('TEST_DATABASE_URL', 'the webhook tests of several instances');
const redisUrl = serviceUrl('TEST_REDIS_URL', 'the message subscribers of several instances');

describe.skipIf(!databaseUrl)('webhooks on several instances (one PostgreSQL database)', () => {
  let url: string;
  let drop: () => Promise<void>;
  let receiver: TWebhookReceiver;
  const opened: { database: Database; app: FastifyInstance | null }[] = [];

  beforeAll(async () => {
    ({ url, drop } = await createPostgresDatabase());
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    for (const o of opened) {
      await o.app?.close();
      await o.database.close();
    }
    await receiver.close();
    await drop();
  });

  /** One more instance on the database: its own pool, its own dispatcher. */
  async function instance(env: Record<string, string> = {}, webhooks: { dispatch?: boolean; concurrency?: number; leaseMs?: number } = {}) {
    const database = await openDatabase({ url, dataDir: '', maxConnections: 10, timeoutMs: 10_000 });
    const { app } = await buildTestApp(database, { env: { ALLOW_INSECURE_OUTBOUND: 'true', ...env }, webhooks });
    const entry = { database, app: app as FastifyInstance | null };
    opened.push(entry);
    return {
      app,
      async close() {
        await app.close();
        entry.app = null;
      },
    };
  }

  async function register(
    app: FastifyInstance,
    path: string,
  ): Promise<{ owner: Awaited<ReturnType<typeof buildAccount>>; hook: TCreatedWebhook }> {
    const owner = await buildAccount(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: owner.headers,
      payload: { url: receiver.url(path), events: ['lead.created', 'lead.updated'] },
    });
    expect(res.statusCode).toBe(201);
    const hook = res.json<TCreatedWebhook>();
    receiver.setSecret(path, hook.secret);
    return { owner, hook };
  }

  const leadEvent = (accountId: string, n: number) => ({
    type: 'lead.updated' as const,
    accountId,
    corporateAccountId: null,
    data: { leadId: `lead-${n}` },
    occurredAt: new Date(),
  });

  it('a server restarted mid-backoff still delivers: the first records and fails, is closed; the second delivers', async () => {
    const path = '/restart';
    receiver.answer(path, [503]);
    // Retry 1.5 s after the failure: the first instance is gone by then.
    const first = await instance({ WEBHOOK_RETRY_SCHEDULE_MS: '1500,1500' });
    const { owner, hook } = await register(first.app, path);
    await first.app.db.transaction((tx) => first.app.integrationEvents.record(tx, leadEvent(owner.account.id, 1)));
    await receiver.until((r) => r.some((w) => w.path === path));
    // The failure is recorded (the attempt and the backoff), then the instance stops.
    for (let i = 0; i < 100; i++) {
      const [row] = await first.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, hook.webhookId));
      if (row?.attempts === 1) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await first.close();
    expect(receiver.received.filter((w) => w.path === path)).toHaveLength(1);

    const second = await instance({ WEBHOOK_RETRY_SCHEDULE_MS: '1500,1500' });
    await receiver.until((r) => r.filter((w) => w.path === path).length === 2);
    const got = receiver.received.filter((w) => w.path === path);
    expect(got.map((w) => [w.answered, w.verified])).toEqual([
      [503, true],
      [200, true],
    ]);
    expect(got[1]!.id).toBe(got[0]!.id);
    let attempts: TWebhookAttempt[] = [];
    for (let i = 0; i < 100 && attempts.length < 2; i++) {
      attempts = (await second.app.inject({ url: `/api/webhooks/${hook.webhookId}/attempts`, headers: owner.headers })).json();
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(attempts.map((a) => a.status)).toEqual([200, 503]);
    await second.close();
  });

  it('two dispatching instances never deliver one event twice: each of 300 events arrives exactly once', async () => {
    const path = '/two-instances';
    const [a, b] = [await instance(), await instance()];
    const { owner } = await register(a.app, path);
    // A little time per answer, so both instances hold deliveries at once.
    receiver.delayMs = 5;
    const events = 300;
    for (let n = 0; n < events; n += 25) {
      await a.app.db.transaction(async (tx) => {
        for (let i = n; i < n + 25; i++) await a.app.integrationEvents.record(tx, leadEvent(owner.account.id, i));
      });
    }
    await receiver.until((r) => new Set(r.filter((w) => w.path === path).map((w) => w.id)).size === events, 60_000);
    // Nothing late either.
    await new Promise((r) => setTimeout(r, 1500));
    receiver.delayMs = 0;
    const got = receiver.received.filter((w) => w.path === path);
    const byId = new Map<string, number>();
    for (const w of got) byId.set(w.id, (byId.get(w.id) ?? 0) + 1);
    expect(byId.size).toBe(events);
    expect([...byId.values()].filter((count) => count !== 1)).toEqual([]);
    expect(got.every((w) => w.verified)).toBe(true);
    expect(new Set(got.map((w) => (w.event.data as { leadId: string }).leadId)).size).toBe(events);
    // Both took part: the claims really competed.
    const delivered = async (app: FastifyInstance) => (await app.metrics.webhookDeliveries.get()).values[0]?.value ?? 0;
    const [byA, byB] = [await delivered(a.app), await delivered(b.app)];
    expect(byA + byB).toBe(events);
    expect(Math.min(byA, byB)).toBeGreaterThan(0);
    await Promise.all([a.close(), b.close()]);
  });

  it('a delivery whose success cannot be written at once is written on a later try: sent once, one attempt, no repeat after the lease', async () => {
    const path = '/success-write-retried';
    // The shortest lease a queued delivery can be sent within (the lease less the 10 s timeout and 2 s): a lost write would repeat after it.
    const leaseMs = 13_000;
    const a = await instance({}, { leaseMs });
    const { owner, hook } = await register(a.app, path);
    // Another session holds the attempts table: the success's write waits for it, and is cut off (its backend ended) while waiting.
    const blocker = new pg.Client({ connectionString: url });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('lock table webhook_attempts in exclusive mode');
      await a.app.db.transaction((tx) => a.app.integrationEvents.record(tx, leadEvent(owner.account.id, 1)));
      await receiver.until((r) => r.some((w) => w.path === path && w.answered === 200));
      const waiting = async () =>
        (
          await blocker.query<{ pid: number }>(
            `select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like '%webhook_attempts%'`,
          )
        ).rows;
      let cut = 0;
      for (let i = 0; i < 500 && cut === 0; i++) {
        for (const { pid } of await waiting()) cut += (await blocker.query('select pg_terminate_backend($1)', [pid])).rowCount ?? 0;
        if (cut === 0) await new Promise((r) => setTimeout(r, 20));
      }
      expect(cut).toBeGreaterThan(0);
      // The next try waits for the lock too; then the table is free again.
      for (let i = 0; i < 500 && (await waiting()).length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      await blocker.query('commit');
    } finally {
      await blocker.end();
    }
    let delivered: (typeof webhookDeliveries.$inferSelect)[] = [];
    for (let i = 0; i < 500; i++) {
      delivered = await a.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, hook.webhookId));
      if (delivered[0]?.state === 'delivered') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(delivered.map((d) => [d.state, d.claimedUntil])).toEqual([['delivered', null]]);
    const attempts: TWebhookAttempt[] = (
      await a.app.inject({ url: `/api/webhooks/${hook.webhookId}/attempts`, headers: owner.headers })
    ).json();
    expect(attempts.map((t) => t.status)).toEqual([200]);
    // Past the lease: nobody sends it again.
    await new Promise((r) => setTimeout(r, leaseMs + 1500));
    expect(receiver.arrived.filter((w) => w.path === path)).toHaveLength(1);
    await a.close();
  }, 60_000);

  it('deletes an endpoint while a delivery of it is being written (a delivery, then the endpoint): 204, no deadlock', async () => {
    const a = await instance({}, { dispatch: false });
    const { owner, hook } = await register(a.app, '/deleted-while-written');
    await a.app.db.transaction((tx) => a.app.integrationEvents.record(tx, leadEvent(owner.account.id, 1)));
    const [delivery] = await a.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, hook.webhookId));
    // Another session writes as the dispatcher does: the delivery's row first, then an attempt
    // referring to the endpoint (its key locked), with the DELETE arriving in between.
    const writer = new pg.Client({ connectionString: url });
    await writer.connect();
    try {
      await writer.query('begin');
      await writer.query(`update webhook_deliveries set attempts = attempts + 1 where id = $1`, [delivery!.id]);
      const deleting = a.app.inject({ method: 'DELETE', url: `/api/webhooks/${hook.webhookId}`, headers: owner.headers });
      // The DELETE is waiting for a lock.
      for (let i = 0; i < 250; i++) {
        const { rows } = await writer.query(
          `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
        );
        if (rows.length > 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await writer.query(
        `insert into webhook_attempts (endpoint_id, delivery_id, event_id, event_type, attempted_at, status, duration_ms, response, error, succeeded)
         values ($1, $2, $3, $4, now(), 200, 1, '', null, true)`,
        [hook.webhookId, delivery!.id, delivery!.eventId, delivery!.eventType],
      );
      await writer.query('commit');
      const deleted = await deleting;
      expect(deleted.statusCode, deleted.body).toBe(204);
    } finally {
      await writer.end();
    }
    expect(await a.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, hook.webhookId))).toEqual([]);
    await a.close();
  });

  it.skipIf(!redisUrl)("an endpoint registered on one instance makes the other record its account's messages (the backplane)", async () => {
    const env = { REDIS_URL: redisUrl! };
    const [a, b] = [await instance(env), await instance(env)];
    const [ana, ben] = [await buildPerson(a.app, 'Ana'), await buildPerson(a.app, 'Ben')];
    const { personalConversationId } = await startConversation(a.app, ana, ben, 'Before any webhook');
    expect(a.app.integrationEvents.wants('message.received', ben.account.id)).toBe(false);

    const path = '/across-instances';
    const res = await b.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: ben.headers,
      payload: { url: receiver.url(path), events: ['message.received'] },
    });
    expect(res.statusCode).toBe(201);
    receiver.setSecret(path, res.json<TCreatedWebhook>().secret);
    const deadline = Date.now() + 5000;
    while (!a.app.integrationEvents.wants('message.received', ben.account.id) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 10));
    expect(a.app.integrationEvents.wants('message.received', ben.account.id)).toBe(true);

    expect((await send(a.app, ana, personalConversationId, 'Through instance A')).statusCode).toBe(201);
    await receiver.until((r) => r.some((w) => w.path === path));
    expect(
      receiver.received.filter((w) => w.path === path).map((w) => [(w.event.data as { message: string }).message, w.verified]),
    ).toEqual([['Through instance A', true]]);

    const del = await b.app.inject({
      method: 'DELETE',
      url: `/api/webhooks/${res.json<TCreatedWebhook>().webhookId}`,
      headers: ben.headers,
    });
    expect(del.statusCode).toBe(204);
    const gone = Date.now() + 5000;
    while (a.app.integrationEvents.wants('message.received', ben.account.id) && Date.now() < gone)
      await new Promise((r) => setTimeout(r, 10));
    expect(a.app.integrationEvents.wants('message.received', ben.account.id)).toBe(false);
    await Promise.all([a.close(), b.close()]);
  });
});
