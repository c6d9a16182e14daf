/**
 * Server side of send-latency.ts: the whole app (buildApp) listening on a free port, with `pairs`
 * pairs of accounts that each share a conversation. PostgreSQL when BENCH_DATABASE_URL (or
 * TEST_DATABASE_URL) is set, else PGlite in memory; Redis backplane when BENCH_REDIS_URL is set.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../packages/server/src/app.ts';
import { loadConfig } from '../../packages/server/src/platform/config/config.ts';
import { openDatabase } from '../../packages/server/src/platform/db/client.ts';
import { openTestDatabase } from '../../packages/server/src/test/databases.ts';
import { buildPerson, startConversation } from '../../packages/server/src/test/conversations-support.ts';

const pairs = Number(process.argv[2] ?? 1000);
const dbUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (dbUrl) process.env.TEST_DATABASE_URL = dbUrl;
const database = dbUrl ? await openTestDatabase('postgres') : await openDatabase({ dataDir: 'memory://' });
const dataDir = mkdtempSync(path.join(tmpdir(), 'vbc-bench-'));
const env: Record<string, string> = { DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
if (process.env.BENCH_REDIS_URL) env.REDIS_URL = process.env.BENCH_REDIS_URL;
const app = await buildApp({ config: loadConfig(env), database, logger: false, webDistDir: path.join(dataDir, 'no-web') });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

const out: { conversationId: string; senderToken: string; recipientToken: string }[] = [];
const makePair = async () => {
  const [sender, recipient] = await Promise.all([buildPerson(app, 'Sender'), buildPerson(app, 'Recipient')]);
  const { personalConversationId } = await startConversation(app, sender, recipient, 'hello');
  out.push({ conversationId: personalConversationId, senderToken: sender.accessToken, recipientToken: recipient.accessToken });
};
for (let i = 0; i < pairs; i += 20) await Promise.all(Array.from({ length: Math.min(20, pairs - i) }, makePair));
process.send?.({ port, pairs: out, engine: database.kind, backplane: env.REDIS_URL ? 'redis' : 'memory' });

process.on('message', async (message: { cmd: string }) => {
  if (message.cmd === 'rss') process.send?.({ rss: process.memoryUsage().rss });
  if (message.cmd === 'stop') {
    const closing = app.close();
    setTimeout(() => app.server.closeAllConnections(), 500).unref();
    await closing;
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  }
});
