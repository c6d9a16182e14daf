/**
 * The real app on a fresh PostgreSQL database and on Redis, each reached through a TCP proxy the
 * test owns (test/tcp-proxy.ts), so that an outage can be cut, silenced and restored without
 * touching the shared servers; listening, for hub clients. For the outage tests.
 */
import type { FastifyInstance } from 'fastify';
import { openDatabase, type Database } from '../platform/db/client.ts';
import { buildTestApp, type LogCapture } from './app.ts';
import { closeListening, listenForHub } from './conversations-support.ts';
import { createPostgresDatabase } from './databases.ts';
import { hostPort, startTcpProxy, throughProxy, type TTcpProxy } from './tcp-proxy.ts';

export interface TProxiedServices {
  created: Awaited<ReturnType<typeof createPostgresDatabase>>;
  pgProxy: TTcpProxy;
  redisProxy: TTcpProxy;
  database: Database;
  app: FastifyInstance;
  log: LogCapture;
  hubUrl: string;
  /** Restores both proxies, closes the app and the database, and drops the database. */
  close(): Promise<void>;
}

/** Opens the world above on `redisUrl`'s Redis; `timeoutMs` and `env` go to the database and the app. */
export async function openProxiedServices(
  redisUrl: string,
  options: { timeoutMs?: number; env?: Record<string, string> } = {},
): Promise<TProxiedServices> {
  const created = await createPostgresDatabase();
  const pgProxy = await startTcpProxy(hostPort(created.url));
  const redisProxy = await startTcpProxy(hostPort(redisUrl));
  const database = await openDatabase({
    url: throughProxy(created.url, pgProxy),
    dataDir: '',
    maxConnections: 4,
    timeoutMs: options.timeoutMs,
  });
  const { app, log } = await buildTestApp(database, { env: { REDIS_URL: throughProxy(redisUrl, redisProxy), ...options.env } });
  const hubUrl = await listenForHub(app);
  return {
    created,
    pgProxy,
    redisProxy,
    database,
    app,
    log,
    hubUrl,
    async close() {
      await pgProxy.restore();
      await redisProxy.restore();
      await closeListening(app);
      await database.close().catch(() => undefined);
      await pgProxy.close();
      await redisProxy.close();
      await created.drop();
    },
  };
}
