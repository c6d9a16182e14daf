// The ceiling of the signed-in reads bench (signed-in.ts): a bare Fastify that does what the least
// signed-in read needs — one indexed session lookup in PostgreSQL (the product's own query on its
// own tables, a named prepared statement, a pool as large as the product's) — and answers a small
// JSON. `<databaseUrl>`: the product's database. `[bodiesFile]`: a JSON object of path → body;
// given, each of those paths is answered with that body after the lookup (the same bytes as the
// product's answer: what the least server would still write and send). Prints `READY <port>`.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';

const [databaseUrl, bodiesFile] = process.argv.slice(2);
const bodies = new Map<string, string>(
  Object.entries(bodiesFile ? (JSON.parse(readFileSync(bodiesFile, 'utf8')) as Record<string, string>) : {}),
);
process.on('SIGINT', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));

const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
const lookup = `select s.id, a.id as account_id, a.name from sessions s join accounts a on a.id = s.account_id
  where s.token_hash = $1 and s.revoked_at is null and s.expires_at > $2 limit 1`;
const app = Fastify({ logger: false });
app.get('/*', async (request, reply) => {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (!token) return reply.code(401).send({ error: 'unauthorized' });
  const hash = createHash('sha256').update(token).digest('hex');
  const { rows } = await pool.query({ name: 'ceiling_session', text: lookup, values: [hash, new Date().toISOString()] });
  if (rows.length === 0) return reply.code(401).send({ error: 'unauthorized' });
  const body = bodies.get(request.url);
  if (body !== undefined) return reply.type('application/json; charset=utf-8').send(body);
  return { accountId: rows[0].account_id, name: rows[0].name };
});
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`READY ${(app.server.address() as { port: number }).port}\n`);
