import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client.ts';
import { jsonArrayText, jsonLiteral, jsonPlainString, jsonString, jsonText } from './json-text.ts';
import { databaseKinds, openTestDatabase } from '../../test/databases.ts';

/** A table of every column type jsonText writes, each nullable. */
const probe = pgTable('json_text_probe', {
  n: integer('n').notNull(),
  id: uuid('id'),
  label: text('label'),
  count: integer('count'),
  size: bigint('size', { mode: 'number' }),
  flag: boolean('flag'),
  at: timestamp('at', { withTimezone: true }),
});

/** Text JSON must escape, and text it must not touch. */
const LABELS = [
  'plain',
  'quote " and backslash \\ and slash /',
  'line\nbreak, tab\t, return\r, bell\u0007, escape\u001b, unit separator\u001f',
  'line separator \u2028 and paragraph separator \u2029',
  'emoji 🦊, accents éàü, CJK 名片',
  '<script>alert(1)</script>',
  '',
];

describe.each(databaseKinds())('jsonText on %s', (kind) => {
  let database: Database;
  const rows = LABELS.map((label, i) => ({
    n: i + 1,
    id: `00000000-0000-4000-8000-00000000000${i + 1}`,
    label,
    count: i * 7 - 3,
    size: 2 ** 40 + i,
    flag: i % 2 === 0,
    at: new Date(Date.UTC(2026, 10, 30, 23, 5, 2, 123 + i)),
  }));

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await database.db.execute(
      sql`create table json_text_probe (n int not null, id uuid, label text, count int, size bigint, flag boolean, at timestamptz)`,
    );
    await database.db.insert(probe).values([...rows, { n: rows.length + 1 }]);
  });
  afterAll(() => database.close());

  const object = jsonText({
    id: probe.id,
    label: probe.label,
    count: probe.count,
    size: probe.size,
    flag: probe.flag,
    at: probe.at,
    shouted: jsonString(sql`upper(${probe.label})`),
    even: jsonLiteral(sql`${probe.n} % 2 = 0`),
    path: jsonPlainString(sql`'/cards/' || ${probe.id}`),
    nested: jsonText({ n: probe.n, empty: jsonText({}) }),
  });

  it('writes each column by its type, as JSON.stringify would write the row, nulls as null', async () => {
    const written = await database.db
      .select({ json: sql<string>`${object.jsonText}` })
      .from(probe)
      .orderBy(probe.n);
    const expected = [...rows, { n: rows.length + 1, id: null, label: null, count: null, size: null, flag: null, at: null }].map((row) => ({
      id: row.id,
      label: row.label,
      count: row.count,
      size: row.size,
      flag: row.flag,
      at: row.at?.toISOString() ?? null,
      shouted: row.label?.toUpperCase() ?? null,
      even: row.n % 2 === 0,
      path: row.id ? `/cards/${row.id}` : null,
      nested: { n: row.n, empty: {} },
    }));
    expect(written.map((w) => JSON.parse(w.json) as unknown)).toStrictEqual(expected);
    // No white space between tokens: the text is what JSON.stringify writes, byte for byte.
    expect(written.map((w) => w.json)).toEqual(expected.map((e) => JSON.stringify(e)));
  });

  it('aggregates in the order asked for, and writes [] for no row', async () => {
    const [all] = await database.db
      .select({ json: sql<string>`${jsonArrayText(object.jsonText, sql`${probe.n} desc`).jsonText}` })
      .from(probe);
    expect((JSON.parse(all!.json) as { nested: { n: number } }[]).map((o) => o.nested.n)).toEqual(
      Array.from({ length: rows.length + 1 }, (_, i) => rows.length + 1 - i),
    );
    const [none] = await database.db
      .select({ json: sql<string>`${jsonArrayText(object.jsonText, sql`${probe.n}`).jsonText}` })
      .from(probe)
      .where(sql`false`);
    expect(none!.json).toBe('[]');
  });

  it('refuses, when the statement is built, a column type or a key it does not write', () => {
    const odd = pgTable('odd', { point: customType<{ data: string }>({ dataType: () => 'point' })('point') });
    expect(() => jsonText({ point: odd.point })).toThrow(/point is a PgCustomColumn, which jsonText does not write/);
    expect(() => jsonText({ 'a"b': probe.id })).toThrow(/the key "a\\"b" holds a character/);
  });
});
