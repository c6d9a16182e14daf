// A server for the card benchmark, in its own process: `app` is the real app on
// PostgreSQL serving one seeded card; `bare` is Fastify returning the same bytes.
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

if (mode === 'app') {
  const config = loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'vbc-bench-')), LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl });
  const database = await openDatabase({ url: databaseUrl, dataDir: '', maxConnections: 20 });
  const app = await buildApp({ config, database, logger: false });
  const card = await buildCard(app, { wall: { boards: [] } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `/api/vbc/virtualcontact/${card.quickId}`;
  const body = (await app.inject({ method: 'GET', url })).body;
  const { port } = app.server.address() as { port: number };
  process.stdout.write(`READY ${port} ${url} ${Buffer.from(body).toString('base64')}\n`);
} else {
  const body = Buffer.from(process.argv[3] ?? '', 'base64').toString();
  const app = Fastify({ logger: false });
  app.get('/api/vbc/virtualcontact/:id', (_request, reply) => reply.header('content-type', 'application/json; charset=utf-8').send(body));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  process.stdout.write(`READY ${port} /api/vbc/virtualcontact/x ${Buffer.from(body).toString('base64')}\n`);
}
