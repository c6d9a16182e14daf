import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database, Db } from './client.ts';
import { preparedQuery } from './prepared.ts';
import { accounts } from './schema/index.ts';
import { databaseKinds, openTestDatabase } from '../../test/databases.ts';

describe.each(databaseKinds())('preparedQuery on %s', (kind) => {
  let database: Database;
  let builds = 0;
  const accountName = preparedQuery((db: Db) => {
    builds++;
    return db
      .select({ name: accounts.name })
      .from(accounts)
      .where(eq(accounts.id, sql.placeholder('id')))
      .prepare('test_account_name');
  });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await database.db.insert(accounts).values([
      { id: '00000000-0000-4000-8000-000000000001', name: 'Ada' },
      { id: '00000000-0000-4000-8000-000000000002', name: 'Grace' },
    ]);
  });
  afterAll(() => database.close());

  it('builds once per handle and answers each run with its own values, on every pooled connection', async () => {
    const runs = Array.from({ length: 30 }, (_, i) => `00000000-0000-4000-8000-00000000000${(i % 3) + 1}`);
    // Concurrent runs spread over the pool: each connection parses the named statement once.
    const answers = await Promise.all(runs.map((id) => accountName(database.db).execute({ id })));
    expect(answers.map((rows) => rows[0]?.name ?? null)).toEqual(runs.map((_, i) => ['Ada', 'Grace', null][i % 3]));
    expect(builds).toBe(1);
  });

  it("a transaction's handle gets its own query, which sees the transaction's writes", async () => {
    const before = builds;
    const id = '00000000-0000-4000-8000-000000000009';
    const seen = await database.db.transaction(async (tx) => {
      await tx.insert(accounts).values({ id, name: 'Katherine' });
      return accountName(tx).execute({ id });
    });
    expect(seen).toEqual([{ name: 'Katherine' }]);
    expect(builds).toBe(before + 1);
    expect(await accountName(database.db).execute({ id })).toEqual([{ name: 'Katherine' }]);
    expect(builds).toBe(before + 1);
  });

  it(
    kind === 'postgres'
      ? 'runs on connections that keep the plan made once for any values, unless asked not to (a search), with the session settings (no JIT)'
      : 'runs where the caller runs it (PGlite has one connection)',
    async () => {
      const probe = (name: string) => (db: Db) =>
        db
          .select({
            plan: sql<string>`current_setting('plan_cache_mode')`,
            userTimeout: sql<string>`current_setting('tcp_user_timeout')`,
            jit: sql<string>`current_setting('jit')`,
          })
          .from(sql`(select 1) as one`)
          .where(sql`1 = ${sql.placeholder('one')}`)
          .prepare(name);
      const planned = preparedQuery(probe('test_plan_mode'));
      const chosen = preparedQuery(probe('test_plan_mode_chosen'), { planOnce: false });
      const generic = kind === 'postgres' ? 'force_generic_plan' : 'auto';
      const userTimeout = kind === 'postgres' ? '10000' : '0';
      // PGlite has no JIT to turn off (no LLVM in it), whatever the setting says.
      const jit = kind === 'postgres' ? 'off' : 'on';
      expect(await planned(database.db).execute({ one: 1 })).toEqual([{ plan: generic, userTimeout, jit }]);
      expect(await chosen(database.db).execute({ one: 1 })).toEqual([{ plan: 'auto', userTimeout, jit }]);
      // A transaction's statements run on its connection.
      expect(await database.db.transaction((tx) => planned(tx).execute({ one: 1 }))).toEqual([{ plan: 'auto', userTimeout, jit }]);
    },
  );

  it.runIf(kind === 'postgres')(
    'keeps an idle connection, and the plans made on it, through a minute of quiet (not the 10 s pg closes it after)',
    async () => {
      const backend = async () =>
        ((await database.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] }).rows[0]!.pid;
      // The pool's idle timer, on a clock the test moves (the queries themselves run on the real one).
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      try {
        const first = await backend();
        vi.advanceTimersByTime(59_000);
        expect(await backend()).toBe(first);
        vi.advanceTimersByTime(61_000);
        expect(await backend()).not.toBe(first);
      } finally {
        vi.useRealTimers();
      }
    },
  );
});
