import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../platform/db/client.ts';
import { MIGRATIONS_DIR } from '../platform/config/paths.ts';

/**
 * A migrated, empty PGlite cluster, made once per machine and set of migrations, that test databases
 * and test servers start from: PGlite's initdb costs 3–8 s of CPU each time, a copy of the result
 * about one. Two copies of it: the data directory (for a server given a DATA_DIR) and PGlite's dump
 * of it (for a database in memory).
 */
interface PgliteTemplate {
  /** A PGlite data directory: copy it to DATA_DIR/db before the server starts. */
  dataDir: string;
  /** The same cluster as PGlite's dumpDataDir() tarball: `initialData` of openDatabase. */
  dump: string;
}

/** Changes with any migration: names the templates made from them. */
export function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const entry of readdirSync(MIGRATIONS_DIR, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())) {
    const file = path.join(entry.parentPath, entry.name);
    hash.update(path.relative(MIGRATIONS_DIR, file)).update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/** The PGlite template's folder: its name changes with PGlite's version and with any migration. */
function templateHome(): string {
  // The package's exports hide its package.json: it sits above dist/.
  const pglite = path.resolve(path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..');
  const version = JSON.parse(readFileSync(path.join(pglite, 'package.json'), 'utf8')).version;
  return path.join(tmpdir(), `vbc-pglite-template-${version}-${migrationsHash()}`);
}

let made: Promise<PgliteTemplate> | undefined;

/**
 * The template, made on first use. Test files run in several processes at once: each builds in a
 * folder of its own and renames it into place, so a template, once there, is always whole; a
 * process that loses the race uses the winner's.
 */
function pgliteTemplate(): Promise<PgliteTemplate> {
  made ??= (async () => {
    const home = templateHome();
    const template = { dataDir: path.join(home, 'data'), dump: path.join(home, 'dump.tar') };
    if (existsSync(template.dump)) return template;
    const building = `${home}.${process.pid}-${randomBytes(4).toString('hex')}`;
    const database = await openDatabase({ dataDir: path.join(building, 'data') });
    try {
      const dump = await database.dump?.();
      if (!dump) throw new Error('PGlite gave no dump of the template.');
      writeFileSync(path.join(building, 'dump.tar'), Buffer.from(await dump.arrayBuffer()));
    } finally {
      await database.close();
    }
    try {
      renameSync(building, home);
    } catch (error) {
      rmSync(building, { recursive: true, force: true });
      if (!existsSync(template.dump)) throw error;
    }
    return template;
  })();
  return made;
}

/** Puts a copy of the template where a server with this DATA_DIR keeps its PGlite database. */
export async function seedDataDir(dataDir: string): Promise<void> {
  cpSync((await pgliteTemplate()).dataDir, path.join(dataDir, 'db'), { recursive: true });
}

/** The template's dump, for openDatabase's `initialData`. */
export async function templateDump(): Promise<Blob> {
  return new Blob([readFileSync((await pgliteTemplate()).dump)]);
}
