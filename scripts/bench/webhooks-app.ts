/**
 * Server side of webhooks.ts: the whole app (buildApp, its webhook dispatcher on) listening on a
 * free port, on PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, else PGlite in
 * memory. `pairs` conversations whose recipients have a message.received webhook, and one account
 * with a lead.created webhook for the backlog, all to the bench's receiver.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../packages/server/src/app.ts';
import { loadConfig } from '../../packages/server/src/platform/config/config.ts';
import { openDatabase } from '../../packages/server/src/platform/db/client.ts';
import { openTestDatabase } from '../../packages/server/src/test/databases.ts';
import { buildAccount } from '../../packages/server/src/test/factories.ts';
import { buildPerson, startConversation } from '../../packages/server/src/test/conversations-support.ts';

const [pairs = 200] = process.argv.slice(2).map(Number);
const receiverUrl = process.argv[3]!;
const dbUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (dbUrl) process.env.TEST_DATABASE_URL = dbUrl;
const database = dbUrl ? await openTestDatabase('postgres') : await openDatabase({ dataDir: 'memory://' });
const dataDir = mkdtempSync(path.join(tmpdir(), 'vbc-bench-'));
const env: Record<string, string> = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', ALLOW_INSECURE_OUTBOUND: 'true' };
const app = await buildApp({ config: loadConfig(env), database, logger: false, webDistDir: path.join(dataDir, 'no-web') });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

const subscribe = async (headers: Record<string, string>, events: string[], hookPath: string) => {
  const res = await app.inject({ method: 'POST', url: '/api/webhooks', headers, payload: { url: `${receiverUrl}${hookPath}`, events } });
  if (res.statusCode !== 201) throw new Error(`POST /api/webhooks: ${res.statusCode} ${res.body}`);
};
const out: { conversationId: string; senderToken: string }[] = [];
const makePair = async () => {
  const [sender, recipient] = await Promise.all([buildPerson(app, 'Sender'), buildPerson(app, 'Recipient')]);
  await subscribe(recipient.headers, ['message.received'], '/messages');
  const { personalConversationId } = await startConversation(app, sender, recipient, 'hello');
  out.push({ conversationId: personalConversationId, senderToken: sender.accessToken });
};
for (let i = 0; i < pairs; i += 20) await Promise.all(Array.from({ length: Math.min(20, pairs - i) }, makePair));
const leadOwner = await buildAccount(app);
await subscribe(leadOwner.headers, ['lead.created'], '/backlog');
process.send?.({ port, pairs: out, engine: database.kind });

process.on('message', async (message: { cmd: string; events?: number }) => {
  if (message.cmd === 'cpu') process.send?.({ cpu: process.cpuUsage() });
  if (message.cmd === 'backlog') {
    // One transaction: the whole backlog becomes due at once when it commits, so the bench times the dispatch alone.
    await app.db.transaction(async (tx) => {
      for (let i = 0; i < message.events!; i++) {
        await app.integrationEvents.record(tx, {
          type: 'lead.created',
          accountId: leadOwner.account.id,
          corporateAccountId: null,
          data: { leadId: `lead-${i}`, name: 'Bench Lead', email: `lead-${i}@example.test` },
          occurredAt: new Date(),
        });
      }
    });
    process.send?.({ recorded: true });
  }
  if (message.cmd === 'stop') {
    const closing = app.close();
    setTimeout(() => app.server.closeAllConnections(), 500).unref();
    await closing;
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  }
});
