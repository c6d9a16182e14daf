import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { serviceUrl } from '../test/services.ts';

const databaseUrl = serviceUrl('TEST_DATABASE_URL', 'the concurrent-migration test');

/** A new empty PostgreSQL database beside TEST_DATABASE_URL's; returns its URL and a dropper. */
async function emptyDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `vbc_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(databaseUrl!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: databaseUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

describe.skipIf(!databaseUrl)('migrations on PostgreSQL', () => {
  it('three instances starting at the same instant on an empty database all come up', async () => {
    // Several rounds: without the lock, one start in a round crashed on a duplicate pg_type row.
    for (let round = 0; round < 4; round++) {
      const { url, drop } = await emptyDatabase();
      try {
        const starts = await Promise.allSettled(Array.from({ length: 3 }, () => openDatabase({ url, dataDir: '', maxConnections: 3 })));
        const failures = starts.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []));
        await Promise.all(starts.map((s) => (s.status === 'fulfilled' ? s.value.close() : undefined)));
        expect(failures).toEqual([]);
      } finally {
        await drop();
      }
    }
  });
});
