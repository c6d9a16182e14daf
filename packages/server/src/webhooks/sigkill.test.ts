/**
 * At least once through a crash: the instance delivering a webhook is killed with SIGKILL while
 * the receiver has not answered yet. Another instance takes the delivery once the dead one's claim
 * (its lease) expires, and sends the same event again, with the same webhook-id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCreatedWebhook } from '@vbc/shared';
import { openDatabase, type Database } from '../platform/db/client.ts';
import { buildTestApp } from '../test/app.ts';
import { createPostgresDatabase } from '../test/databases.ts';
import { buildAccount } from '../test/factories.ts';
import { killTree, startServerProcess, type TServerProcess } from '../test/processes.ts';
import { serviceUrl } from '../test/services.ts';
import { startWebhookReceiver, type TWebhookReceiver } from '../test/webhook-receiver.ts';

const databaseUrl = serviceUrl('TEST_DATABASE_URL', 'the webhook SIGKILL test');
/** The shortest lease the settings allow: the second instance retries this long after the claim. */
const LEASE_MS = 15_000;

describe.skipIf(!databaseUrl)('a dispatching instance killed with SIGKILL mid-delivery', () => {
  let url: string;
  let drop: () => Promise<void>;
  let database: Database;
  let receiver: TWebhookReceiver;
  const processes: TServerProcess[] = [];

  beforeAll(async () => {
    ({ url, drop } = await createPostgresDatabase());
    database = await openDatabase({ url, dataDir: '', maxConnections: 5, timeoutMs: 10_000 });
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    for (const p of processes) killTree(p.child);
    await receiver?.close();
    await database?.close();
    await drop?.();
  });

  /** The server as its own process (`node --import tsx packages/server/src/main.ts`) on the database. */
  const startInstance = async () => {
    const started = await startServerProcess('node', ['--import', 'tsx', 'packages/server/src/main.ts'], {
      env: { DATABASE_URL: url, ALLOW_INSECURE_OUTBOUND: 'true', WEBHOOK_CLAIM_LEASE_MS: String(LEASE_MS) },
    });
    processes.push(started);
    return started;
  };

  it('loses nothing: after the lease, another instance delivers the same event (same webhook-id)', async () => {
    // This app only records (its dispatcher is off): the process instances deliver.
    const { app } = await buildTestApp(database, { env: { ALLOW_INSECURE_OUTBOUND: 'true' }, webhooks: { dispatch: false } });
    try {
      const owner = await buildAccount(app);
      const path = '/sigkill';
      const res = await app.inject({
        method: 'POST',
        url: '/api/webhooks',
        headers: owner.headers,
        payload: { url: receiver.url(path), events: ['lead.created'] },
      });
      expect(res.statusCode).toBe(201);
      receiver.setSecret(path, res.json<TCreatedWebhook>().secret);

      const first = await startInstance();
      // The receiver holds its answer: the first instance is mid-delivery when it dies.
      receiver.delayMs = 60_000;
      await app.db.transaction((tx) =>
        app.integrationEvents.record(tx, {
          type: 'lead.created',
          accountId: owner.account.id,
          corporateAccountId: null,
          data: { leadId: 'lead-sigkill' },
          occurredAt: new Date(),
        }),
      );
      const deadline = Date.now() + 30_000;
      while (!receiver.arrived.some((a) => a.path === path)) {
        if (Date.now() > deadline) throw new Error(`the first instance never delivered:\n${first.output()}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      killTree(first.child);
      expect(await first.exited).toBe('SIGKILL');
      receiver.delayMs = 0;

      await startInstance();
      await receiver.until((r) => r.some((w) => w.path === path && w.answered === 200 && w.verified), LEASE_MS + 45_000);
      const arrivals = receiver.arrived.filter((a) => a.path === path);
      expect(arrivals.length).toBeGreaterThanOrEqual(2);
      expect(new Set(arrivals.map((a) => a.id)).size).toBe(1);
      const delivered = receiver.received.find((w) => w.path === path && w.answered === 200)!;
      expect(delivered.event.data).toEqual({ leadId: 'lead-sigkill' });
    } finally {
      await app.close();
    }
  }, 180_000);
});
