import type { Db } from './client.ts';

/**
 * A query of fixed shape, built once per database handle and then run with new values
 * (`sql.placeholder`): for the queries every signed-in request or every message runs. Drizzle
 * otherwise builds a query's SQL text anew on each run (about 70 µs and as many small objects
 * for the session lookup), and PostgreSQL parses and plans it anew; `build` ends in
 * `.prepare(name)`, a named statement that each pooled connection parses once (the name must be
 * unique to the query's text). A transaction's handle gets its own, dropped with it.
 */
export function preparedQuery<TQuery>(build: (db: Db) => TQuery): (db: Db) => TQuery {
  const built = new WeakMap<Db, TQuery>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) built.set(db, (query = build(db)));
    return query;
  };
}
