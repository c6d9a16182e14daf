/**
 * reuseRowDescriptions on a real PostgreSQL: a named statement's later runs on a connection take
 * the columns its first run described, and answer the same rows as an unnamed run of the same
 * text, in pg's array and object row modes; statements of other shapes keep their own.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceUrl } from '../../test/services.ts';
import { reuseRowDescriptions } from './row-descriptions.ts';

const url = serviceUrl('TEST_DATABASE_URL', 'the row-description tests');

const WIDE = `select $1::int as n, $1::text || ' items' as label, now() - interval '1 day' * $1 as at,
  json_build_object('n', $1::int) as doc, array[$1::int, $1::int + 1] as list, ($1::int % 2 = 0) as even, null::text as nothing`;

describe.skipIf(!url)('reuseRowDescriptions', () => {
  let client: pg.Client;
  beforeAll(async () => {
    reuseRowDescriptions(pg.Query);
    client = new pg.Client({ connectionString: url });
    await client.connect();
  });
  afterAll(() => client.end());

  it("keeps a named statement's columns after its first run, and every run answers as an unnamed one does", async () => {
    const runs = [];
    for (const n of [1, 2, 3]) runs.push(await client.query({ name: 'row_descriptions_wide', text: WIDE, values: [n] }));
    expect(runs[1]!.fields).toBe(runs[0]!.fields);
    expect(runs[2]!.fields).toBe(runs[0]!.fields);
    for (const [i, run] of runs.entries()) {
      const unnamed = await client.query({ text: WIDE, values: [i + 1] });
      expect(unnamed.fields).not.toBe(run.fields);
      expect(run.fields.map((f) => [f.name, f.dataTypeID])).toEqual(unnamed.fields.map((f) => [f.name, f.dataTypeID]));
      // `at` is now() - n days: the two runs' now() differ by the time between them.
      expect({ ...run.rows[0], at: undefined }).toEqual({ ...unnamed.rows[0], at: undefined });
      expect(run.rows[0].at).toBeInstanceOf(Date);
    }
    expect(runs.map((r) => r.rows[0])).toMatchObject([
      { n: 1, label: '1 items', doc: { n: 1 }, list: [1, 2], even: false, nothing: null },
      { n: 2, label: '2 items', doc: { n: 2 }, list: [2, 3], even: true, nothing: null },
      { n: 3, label: '3 items', doc: { n: 3 }, list: [3, 4], even: false, nothing: null },
    ]);
  });

  it("answers arrays in array mode from the kept columns, and keeps each statement's own", async () => {
    const narrow = { name: 'row_descriptions_narrow', text: 'select $1::int * 2 as twice', rowMode: 'array' as const };
    const first = await client.query({ ...narrow, values: [4] });
    const wide = await client.query({ name: 'row_descriptions_wide_array', text: WIDE, values: [5], rowMode: 'array' });
    const second = await client.query({ ...narrow, values: [6] });
    expect(second.fields).toBe(first.fields);
    expect(wide.fields).not.toBe(first.fields);
    expect(first.rows).toEqual([[8]]);
    expect(second.rows).toEqual([[12]]);
    expect(wide.rows[0]!.slice(0, 2)).toEqual([5, '5 items']);
    expect(wide.rows[0]![3]).toEqual({ n: 5 });
  });

  it('describes a named statement anew on another connection', async () => {
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      const here = await client.query({ name: 'row_descriptions_wide', text: WIDE, values: [7] });
      const there = await other.query({ name: 'row_descriptions_wide', text: WIDE, values: [7] });
      expect(there.fields).not.toBe(here.fields);
      expect(there.rows[0]).toMatchObject({ n: 7, label: '7 items' });
    } finally {
      await other.end();
    }
  });
});
