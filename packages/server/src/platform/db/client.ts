import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Pool } from 'pg';
import * as schema from './schema/index.ts';
import { MIGRATIONS_DIR } from '../config/paths.ts';
import { boundQueries } from './bounded-queries.ts';
import type { Db } from './handle.ts';
import { runNamedStatementsOn } from './prepared.ts';
import { reuseRowDescriptions } from './row-descriptions.ts';

export { schema };

export type { Db };

export interface Database {
  db: Db;
  /** 'pglite' (embedded, in DATA_DIR or memory) or 'postgres'. */
  kind: 'pglite' | 'postgres';
  /** Resolves when a trivial query answers; rejects otherwise. */
  ping(): Promise<void>;
  /** Calls `listener` each time a query had no answer within the timeout (PostgreSQL; never on PGlite). */
  onTimeout(listener: () => void): void;
  /**
   * Calls `onNotify` for each NOTIFY on `channel` (`select pg_notify(channel, '')` in a transaction
   * is delivered when it commits, to every instance). PostgreSQL: one connection of its own, opened
   * again after a loss. Resolves with a function that stops listening.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  /** PGlite only: the whole cluster as a tarball, which `initialData` can start another from. */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent, PGlite is used. */
  url?: string;
  /** PGlite data directory; 'memory://' keeps it in memory (tests). */
  dataDir: string;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
  /** PostgreSQL: longest wait for a connection or for one query's answer (DATABASE_TIMEOUT_MS); default 2000. */
  timeoutMs?: number;
  /** PGlite in memory: a `dump()` to start from instead of an empty cluster (tests start from a migrated one). */
  initialData?: Blob;
}

/**
 * Session settings sent with every PostgreSQL connection, so that the server too notices a client
 * that a network cut took away (and rolls back what it held) in seconds: keepalive probes after
 * 5 s of silence, and a connection dropped once data goes unacknowledged for 10 s.
 */
const SERVER_SIDE_TIMEOUTS = '-c tcp_keepalives_idle=5 -c tcp_keepalives_interval=2 -c tcp_keepalives_count=3 -c tcp_user_timeout=10000';

/**
 * Sent first on every PostgreSQL connection (a URL's own `options` follow, and may say otherwise):
 * no JIT compilation. Every statement here is a short indexed read or write, and PostgreSQL
 * compiles a plan whose estimated cost passes `jit_above_cost` (100,000) again on every run of it,
 * a plan kept once for any values too: with a vocabulary of 290,000 words, a search's plan was
 * estimated at 220,000 and each run spent 35–44 ms compiling (docs/benchmarks.md).
 */
const NO_JIT = '-c jit=off';

/** Opens the database and applies pending migrations: one code path for PGlite and PostgreSQL. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.url
    ? await openPostgres(options.url, options.maxConnections ?? 20, options.timeoutMs ?? 2000)
    : await openPglite(options.dataDir, options.initialData);
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

async function openPostgres(url: string, max: number, timeoutMs: number): Promise<Database & { migrate(): Promise<void> }> {
  const { Pool, Query } = (await import('pg')).default;
  reuseRowDescriptions(Query);
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // Every wait is bounded: a connection (the pool's connect limit), and each query on an open
  // connection (boundQueries), so a server that cannot be reached fails a request with a 503
  // within timeoutMs instead of holding it. TCP keepalive on our side, and SERVER_SIDE_TIMEOUTS
  // on the server's, find connections a silent cut left dead.
  const timeoutListeners: Array<() => void> = [];
  const openPool = (connectionString: string, size: number, options: string) => {
    const opened = new Pool({
      connectionString,
      max: size,
      connectionTimeoutMillis: timeoutMs,
      // A connection closed takes its named statements' plans with it (platform/db/prepared.ts):
      // after pg's default 10 s without a query, a burst of requests opened the connections again
      // and planned every statement anew on each, and 50 common-name searches at once waited
      // 220–380 ms for it (docs/benchmarks.md). Idle connections stay a minute.
      idleTimeoutMillis: 60_000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 5000,
      options,
    });
    // A dropped idle connection must not crash the process; the pool replaces it.
    opened.on('error', () => {});
    boundQueries(opened, timeoutMs, () => {
      for (const listener of timeoutListeners) listener();
    });
    return opened;
  };
  // The session settings: NO_JIT, then the URL's `options` (else SERVER_SIDE_TIMEOUTS). pg lets a
  // URL's options replace those it is given, so they are taken out of the URL and given here.
  const withoutOptions = new URL(url);
  const sessionOptions = `${NO_JIT} ${withoutOptions.searchParams.get('options') ?? SERVER_SIDE_TIMEOUTS}`;
  withoutOptions.searchParams.delete('options');
  const pool = openPool(withoutOptions.toString(), max, sessionOptions);
  // Named statements' own connections (platform/db/prepared.ts), half as many more: the same
  // session settings, and every statement's plan made once for any values. Not the whole pool:
  // there an unnamed statement (most queries, built per request) would lose the plan made with
  // its values too.
  const plannedPool = openPool(withoutOptions.toString(), Math.ceil(max / 2), `${sessionOptions} -c plan_cache_mode=force_generic_plan`);
  const db = drizzle(pool, { schema });
  runNamedStatementsOn(db as unknown as Db, drizzle(plannedPool, { schema }) as unknown as Db);
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    ping: async () => void (await db.execute(sql`select 1`)),
    onTimeout: (listener) => void timeoutListeners.push(listener),
    listen: (channel, onNotify) => listenOnPostgres(url, channel, onNotify),
    close: async () => void (await Promise.all([pool.end(), plannedPool.end()])),
    // Migrations may take longer than a request's queries: their own connection, unbounded.
    migrate: async () => {
      // Two connections: one holds the advisory lock while the migrator uses the other.
      const migrationPool = new Pool({ connectionString: url, max: 2, connectionTimeoutMillis: timeoutMs });
      migrationPool.on('error', () => {});
      try {
        await withAdvisoryLock(migrationPool, MIGRATION_LOCK, () =>
          migrate(drizzle(migrationPool, { schema }), { migrationsFolder: MIGRATIONS_DIR }),
        );
      } finally {
        await migrationPool.end();
      }
    },
  };
}

/**
 * LISTEN on a connection of its own (a pooled one would be returned to the pool), opened again a
 * second after it is lost. A lost notification only delays whoever waits for it: they poll too.
 */
async function listenOnPostgres(url: string, channel: string, onNotify: () => void): Promise<() => Promise<void>> {
  const { Client } = (await import('pg')).default;
  let stopped = false;
  let client: InstanceType<typeof Client> | null = null;
  let retry: NodeJS.Timeout | undefined;
  const open = async (): Promise<void> => {
    if (stopped) return;
    const next = new Client({ connectionString: url, keepAlive: true });
    let lost = false;
    const reopen = () => {
      if (lost) return;
      lost = true;
      if (client === next) client = null;
      if (!stopped) retry = setTimeout(() => void open(), 1000);
    };
    next.on('error', reopen);
    next.on('end', reopen);
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify();
    });
    try {
      await next.connect();
      await next.query(`listen "${channel.replace(/"/g, '""')}"`);
      client = next;
      if (stopped) await next.end();
    } catch {
      reopen();
      await next.end().catch(() => undefined);
    }
  };
  await open();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}

/** Advisory lock key held while migrating ("vbc-migrate" as a 64-bit number): one instance migrates, the others wait. */
const MIGRATION_LOCK = 0x7662632d6d6967n;

/**
 * Runs `work` while holding a PostgreSQL session advisory lock on one connection of `pool`:
 * instances starting together on an empty database migrate one after another, and the later
 * ones find the migrations applied.
 */
async function withAdvisoryLock<T>(pool: Pool, key: bigint, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [key.toString()]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [key.toString()]);
    }
  } finally {
    client.release();
  }
}

async function openPglite(dataDir: string, initialData?: Blob): Promise<Database & { migrate(): Promise<void> }> {
  const { PGlite } = await import('@electric-sql/pglite');
  // pg_trgm and btree_gin: card search's trigram index with the card's business in it (migrations
  // 0011, 0013, 0027), as on PostgreSQL.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(path.resolve(dataDir), { recursive: true });
  const extensions = { pg_trgm, btree_gin };
  const client = inMemory ? new PGlite({ extensions, loadDataDir: initialData }) : new PGlite(path.resolve(dataDir), { extensions });
  await client.waitReady;
  const db = drizzle(client, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    ping: async () => void (await db.execute(sql`select 1`)),
    // In the process: no network to lose, so no query timeout.
    onTimeout: () => undefined,
    listen: (channel, onNotify) => client.listen(channel, onNotify),
    dump: () => client.dumpDataDir('none'),
    close: () => client.close(),
    migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_DIR }),
  };
}
