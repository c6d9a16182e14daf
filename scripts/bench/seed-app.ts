// The app a bench's seed script writes through (migrated database, default settings, no log),
// in the seed's own process; the product itself then serves what it wrote.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../packages/server/src/app.ts';
import { loadConfig } from '../../packages/server/src/platform/config/config.ts';
import { openDatabase } from '../../packages/server/src/platform/db/client.ts';

/** The app on `databaseUrl` with a few connections, and `close()` for it and its database. */
export async function seedApp(databaseUrl: string, maxConnections = 4) {
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'vbc-bench-')),
    DATABASE_URL: databaseUrl,
    ADMIN_TOKEN: 'b'.repeat(32),
  });
  const database = await openDatabase({ url: databaseUrl, dataDir: '', maxConnections });
  const app = await buildApp({ config, database, logger: false });
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
