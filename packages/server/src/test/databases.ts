import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../platform/db/client.ts';
import { serviceUrl } from './services.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** The engines the API suites run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function databaseKinds(): DatabaseKind[] {
  return serviceUrl('TEST_DATABASE_URL', 'the PostgreSQL runs of the API suites') ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * A fresh, migrated database of that kind: PGlite in memory, or a new
 * PostgreSQL database created beside TEST_DATABASE_URL's and dropped on close.
 */
export async function openTestDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === 'pglite') return openDatabase({ dataDir: 'memory://' });
  const { url, drop } = await createPostgresDatabase();
  // Generous query bound: test files share two cores, and a slow spell must not fail a query
  // (the 2 s default is what the timeout and partition tests exercise).
  const database = await openDatabase({ url, dataDir: '', maxConnections: 10, timeoutMs: 10_000 });
  return {
    ...database,
    async close() {
      await database.close();
      await drop();
    },
  };
}

/** A new, empty PostgreSQL database beside TEST_DATABASE_URL's: its URL, and `drop()` to remove it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `vbc_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
