import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../platform/db/client.ts';
import { migrationsHash, templateDump } from './templates.ts';
import { serviceUrl } from './services.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** The engines the API suites run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function databaseKinds(): DatabaseKind[] {
  return serviceUrl('TEST_DATABASE_URL', 'the PostgreSQL runs of the API suites') ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * A fresh, migrated database of that kind: PGlite in memory (a copy of the template), or a new
 * PostgreSQL database created beside TEST_DATABASE_URL's and dropped on close.
 */
export async function openTestDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === 'pglite') return openDatabase({ dataDir: 'memory://', initialData: await templateDump() });
  const { url, drop } = await createPostgresDatabase(await postgresTemplate());
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

/**
 * A new PostgreSQL database beside TEST_DATABASE_URL's, empty or a copy of `template`: its URL, and
 * `drop()` to remove it.
 */
export async function createPostgresDatabase(template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `vbc_t_${randomBytes(6).toString('hex')}`;
  await withAdmin((admin) => admin.query(`create database ${name}${template ? ` template ${template}` : ''}`));
  return {
    url: databaseUrl(name),
    drop: () => withAdmin(async (admin) => void (await admin.query(`drop database if exists ${name} with (force)`))),
  };
}

/** Advisory lock key held while one test process makes the PostgreSQL template ("vbc-tmpl"). */
const TEMPLATE_LOCK = 0x7662632d746d706cn;

let template: Promise<string> | undefined;

/**
 * The name of a migrated, empty database beside TEST_DATABASE_URL's that test databases are copied
 * from (a copy took about 0.17 s here, a fresh database and its migrations 0.8–1 s), made once per set of migrations.
 * One process makes it under an advisory lock while the others wait, under a name of its own
 * renamed into place when whole.
 */
function postgresTemplate(): Promise<string> {
  template ??= withAdmin(async (admin) => {
    const name = `vbc_template_${migrationsHash()}`;
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK.toString()]);
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount) return name;
    const building = `${name}_making`;
    await admin.query(`drop database if exists ${building} with (force)`);
    await admin.query(`create database ${building}`);
    const database = await openDatabase({ url: databaseUrl(building), dataDir: '', maxConnections: 1 });
    await database.close();
    // The closed connection's backend may take a moment to go; a rename needs it gone.
    for (let attempt = 0; ; attempt += 1) {
      try {
        await admin.query(`alter database ${building} rename to ${name}`);
        return name;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt === 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  });
  return template;
}

/** The URL of database `name` on TEST_DATABASE_URL's server. */
function databaseUrl(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `work` on a connection to TEST_DATABASE_URL's database, closed after (its advisory locks with it). */
async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL! });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}
