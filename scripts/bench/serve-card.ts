// Servers for the card benchmark. `seed <databaseUrl>` migrates the database, creates one card
// and prints its API path and response body, then exits (the product itself then serves it);
// `bare <body> [<headers>]` is Fastify returning the same body (and, given them, the same headers): the baselines.
import Fastify from 'fastify';
import { buildCard } from '../../packages/server/src/test/factories.ts';
import { seedApp } from './seed-app.ts';

const [mode, databaseUrl = ''] = process.argv.slice(2);
process.on('SIGINT', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));

if (mode === 'seed') {
  const { app, close } = await seedApp(databaseUrl, 2);
  const card = await buildCard(app, { wall: { boards: [] } });
  const url = `/api/vbc/virtualcontact/${card.quickId}`;
  const answer = await app.inject({ method: 'GET', url });
  // The headers a visitor's read carries, but those Node's server writes itself.
  const headers = Object.fromEntries(
    Object.entries(answer.headers).filter(
      ([name]) => !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name),
    ),
  );
  await close();
  const base64 = (text: string) => Buffer.from(text).toString('base64');
  process.stdout.write(`READY 0 ${url} ${base64(answer.body)} ${base64(JSON.stringify(headers))}\n`);
} else {
  const fromBase64 = (arg: string | undefined) => Buffer.from(arg ?? '', 'base64').toString();
  const body = fromBase64(process.argv[3]);
  const headers = process.argv[4]
    ? (JSON.parse(fromBase64(process.argv[4])) as Record<string, string>)
    : { 'content-type': 'application/json; charset=utf-8' };
  const app = Fastify({ logger: false });
  app.get('/api/vbc/virtualcontact/:id', (_request, reply) => reply.headers(headers).send(body));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  process.stdout.write(`READY ${port} /api/vbc/virtualcontact/x ${Buffer.from(body).toString('base64')}\n`);
}
