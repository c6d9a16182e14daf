import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { serviceUrl } from '../../test/services.ts';
import { createPostgresDatabase } from '../../test/databases.ts';

const databaseUrl = serviceUrl('TEST_DATABASE_URL', 'the concurrent-migration test');

describe.skipIf(!databaseUrl)('migrations on PostgreSQL', () => {
  it('three instances starting at the same instant on an empty database all come up', async () => {
    // Several rounds: without the lock, one start in a round crashed on a duplicate pg_type row.
    for (let round = 0; round < 4; round++) {
      const { url, drop } = await createPostgresDatabase();
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
