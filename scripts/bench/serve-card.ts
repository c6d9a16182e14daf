// Servers for the card benchmark. `seed <databaseUrl>` migrates the database, creates one card
// and prints its API path and response body, then exits (the product itself then serves it);
// `bare <body>` is Fastify returning the same bytes, the baseline.
import Fastify from 'fastify';
import { buildApp } from '../../packages/server/src/app.ts';
import { loadConfig } from '../../packages/server/src/config.ts';
import { openDatabase } from '../../packages/server/src/db/client.ts';
import { buildCard } from '../../packages/server/src/test/factories.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const [mode, databaseUrl] = process.argv.slice(2);
process.on('SIGINT', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));

if (mode === 'seed') {
  const config = loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'vbc-bench-')), DATABASE_URL: databaseUrl, ADMIN_TOKEN: 'b'.repeat(32) });
  const database = await openDatabase({ url: databaseUrl, dataDir: '', maxConnections: 2 });
  const app = await buildApp({ config, database, logger: false });
  const card = await buildCard(app, { wall: { boards: [] } });
  const url = `/api/vbc/virtualcontact/${card.quickId}`;
  const body = (await app.inject({ method: 'GET', url })).body;
  await app.close();
  await database.close();
  process.stdout.write(`READY 0 ${url} ${Buffer.from(body).toString('base64')}\n`);
} else {
  const body = Buffer.from(process.argv[3] ?? '', 'base64').toString();
  const app = Fastify({ logger: false });
  app.get('/api/vbc/virtualcontact/:id', (_request, reply) => reply.header('content-type', 'application/json; charset=utf-8').send(body));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  process.stdout.write(`READY ${port} /api/vbc/virtualcontact/x ${Buffer.from(body).toString('base64')}\n`);
}
