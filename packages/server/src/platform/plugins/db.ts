import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import { withDatabaseUrl } from '../config/config-checks.ts';
import { openDatabase, type Database, type Db } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

/**
 * Opens PGlite (DATA_DIR/db) or PostgreSQL (DATABASE_URL), migrates, closes on
 * shutdown. A database passed in (tests share one per file) is used as is and
 * left open.
 */
export default fp(
  async function dbPlugin(app: FastifyInstance, options: { database?: Database }) {
    const countTimeouts = (database: Database) => database.onTimeout(() => app.metrics.dependencyTimeouts.inc({ dependency: 'postgres' }));
    if (options.database) {
      app.decorate('database', options.database);
      app.decorate('db', options.database.db);
      countTimeouts(options.database);
      return;
    }
    const { DATABASE_URL, DATA_DIR, DATABASE_TIMEOUT_MS } = app.config;
    const dataDir = DATA_DIR.startsWith('memory://') ? DATA_DIR : path.join(DATA_DIR, 'db');
    const database = await withDatabaseUrl(DATABASE_URL, () =>
      openDatabase({ url: DATABASE_URL, dataDir, timeoutMs: DATABASE_TIMEOUT_MS }),
    );
    app.decorate('database', database);
    app.decorate('db', database.db);
    countTimeouts(database);
    app.addHook('onClose', () => database.close());
  },
  { name: 'db', dependencies: ['config', 'metrics'] },
);
