import type { Db } from './handle.ts';

/**
 * Where named statements run, by the handle a caller passes (client.ts registers PostgreSQL's):
 * connections that keep the plan PostgreSQL made once for any values.
 */
const plannedOnce = new WeakMap<Db, Db>();

/** Named statements given `db` run on `planned` (client.ts: a pool whose connections keep a statement's generic plan). */
export function runNamedStatementsOn(db: Db, planned: Db): void {
  plannedOnce.set(db, planned);
}

/** The handle named statements given `db` run on (`db` itself where there is no other: PGlite, a transaction). */
export const namedStatementsOn = (db: Db): Db => plannedOnce.get(db) ?? db;

export interface TPreparedOptions {
  /**
   * False for a query whose best plan depends on its values (a search's words): it runs on the
   * caller's connections, where PostgreSQL weighs the plan made for the values against the one
   * made once, run after run. Default true: the plan made once, always.
   */
  planOnce?: boolean;
}

/**
 * A query of fixed shape, built once per database handle and then run with new values
 * (`sql.placeholder`): for the queries every signed-in request or every message runs. Drizzle
 * otherwise builds a query's SQL text anew on each run (about 70 µs and as many small objects
 * for the session lookup), and PostgreSQL parses and plans it anew; `build` ends in
 * `.prepare(name)`, a named statement that each pooled connection parses once (the name must be
 * unique to the query's text). A transaction's handle gets its own, dropped with it.
 *
 * On PostgreSQL it runs on connections that keep its generic plan (`planOnce`, client.ts): by
 * default PostgreSQL plans a named statement anew on every run whenever it costs the generic plan
 * above the plans made for the values: the unseen check, quick to run, was planned anew every time
 * (docs/benchmarks.md). A transaction's handle runs it on the transaction's connection, as it is.
 */
export function preparedQuery<TQuery>(build: (db: Db) => TQuery, { planOnce = true }: TPreparedOptions = {}): (db: Db) => TQuery {
  const built = new WeakMap<Db, TQuery>();
  return (db) => {
    const handle = planOnce ? namedStatementsOn(db) : db;
    let query = built.get(handle);
    if (query === undefined) built.set(handle, (query = build(handle)));
    return query;
  };
}
