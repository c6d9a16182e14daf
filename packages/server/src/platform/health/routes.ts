import type { FastifyInstance } from 'fastify';

/** Seconds a load balancer or client should wait before asking an unready instance again. */
const RETRY_AFTER_SECONDS = 5;

/** Resolves 'ok' or 'unreachable' within `ms`. */
async function check(probe: () => Promise<void>, ms = 2000): Promise<'ok' | 'unreachable'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), ms)));
  try {
    await Promise.race([probe(), timeout]);
    return 'ok';
  } catch {
    return 'unreachable';
  } finally {
    clearTimeout(timer);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when the instance begins to stop (main.ts): /readyz answers 503 so load balancers take it out. */
    draining: boolean;
  }
}

/**
 * Liveness and readiness for load balancers and orchestrators. /readyz is 200 when the database
 * answers and, when REDIS_URL is set, Redis too; otherwise 503 with Retry-After, naming what is down.
 * Also 503 (`draining`) once the instance is stopping, while it still serves (main.ts).
 */
export default async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const [database, redis] = await Promise.all([
      check(() => app.database.ping()),
      app.config.REDIS_URL ? check(() => app.backplane.ping()) : Promise.resolve('not configured' as const),
    ]);
    const notReady = (status: 'draining' | 'unavailable', message: string) =>
      reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ status, database: database === 'ok' ? app.database.kind : database, redis, message });
    if (app.draining) return notReady('draining', 'The server is shutting down.');
    if (database === 'ok' && redis !== 'unreachable') return { status: 'ready', database: app.database.kind, redis };
    const missing = [database === 'ok' ? null : 'The database', redis === 'unreachable' ? 'Redis' : null].filter(Boolean).join(' and ');
    return notReady('unavailable', `${missing} is not reachable.`);
  });
}
