import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './handle.ts';
import { batchedCalls, type TBatchedCallsOptions } from './batched-calls.ts';

/**
 * A read that every signed-in screen makes, or a small write that every message makes, batched
 * across requests (batchedCalls): the calls that meet under load are one statement over arrays of
 * their values, where each was a round trip of its own, and a round trip, not the data, was most of
 * a small statement's cost (docs/benchmarks.md); a write's batch is also one commit. A lone call
 * goes at once. `statement` is what the read runs on a handle (a prepared statement,
 * built once per handle), `run` runs it for a batch's items and answers one result per item, in
 * order. Each database handle (PostgreSQL's pool, PGlite, a transaction) batches its own calls.
 */
export function batchedStatement<TStatement, TIn, TOut>(
  statement: (db: Db) => TStatement,
  run: (statement: TStatement, items: readonly TIn[]) => Promise<readonly TOut[]>,
  options?: TBatchedCallsOptions,
): (db: Db, item: TIn) => Promise<TOut> {
  const batchers = new WeakMap<Db, (item: TIn) => Promise<TOut>>();
  return (db, item) => {
    let batcher = batchers.get(db);
    if (batcher === undefined) batchers.set(db, (batcher = batchedCalls((items) => run(statement(db), items), options)));
    return batcher(item);
  };
}

/**
 * A batch's elements as the rows of `asked`, numbered from 1 in order (`asked.n`): one column per
 * array placeholder, `{column: [placeholder, element type]}`; the statement joins them to what
 * each element reads (`asked.<column>`) and answers `asked.n` with it.
 */
export function askedRows(columns: Record<string, readonly [placeholder: string, type: 'uuid' | 'int' | 'text' | 'timestamptz']>): SQL {
  const arrays = Object.values(columns).map(([placeholder, type]) => sql`${sql.placeholder(placeholder)}::${sql.raw(type)}[]`);
  return sql`unnest(${sql.join(arrays, sql`, `)}) with ordinality as asked(${sql.raw(Object.keys(columns).join(', '))}, n)`;
}

/** The accounts of a batch of reads (the `accountIds` array) as `asked.account_id`, numbered `asked.n`. */
export const askedAccounts = askedRows({ account_id: ['accountIds', 'uuid'] });

/** A batched statement's row: its element's number (`asked.n`, from 1; PostgreSQL's bigint may come as text). */
type TElementRow = { n: number | string };

/** A batch's answers, one per element of `count`, from rows placed by their `n`: `missing` where an element had no row. */
export function oneByElement<TRow extends TElementRow, TOut>(
  count: number,
  rows: readonly TRow[],
  answer: (row: TRow) => TOut,
  missing: TOut,
): TOut[] {
  const answers = Array.from({ length: count }, () => missing);
  for (const row of rows) answers[Number(row.n) - 1] = answer(row);
  return answers;
}

/** A batch's answers, one list per element of `count`: its rows (by their `n`), in the order the statement gave them. */
export function allByElement<TRow extends TElementRow, TOut>(count: number, rows: readonly TRow[], answer: (row: TRow) => TOut): TOut[][] {
  const lists = Array.from({ length: count }, (): TOut[] => []);
  for (const row of rows) lists[Number(row.n) - 1]!.push(answer(row));
  return lists;
}
