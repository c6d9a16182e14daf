import type pg from 'pg';

/** A column as PostgreSQL's RowDescription gives it (pg-protocol's Field). */
interface TField {
  name: string;
  dataTypeID: number;
  format: string;
}

/** What one run of a named statement kept: its columns, a parser for each, and pg's empty row object. */
interface TKept {
  fields: TField[];
  parsers: unknown[] | undefined;
  empty: object | undefined;
}

const KEPT = Symbol('vbc.keptRowDescriptions');
const CONNECTION = Symbol('vbc.connection');

/** The parts of pg's Query (pg/lib/query.js, 8.x) read and replaced here: not in its types. */
interface TQuery {
  name?: string;
  callback?: unknown;
  [CONNECTION]?: { [KEPT]?: Map<string, TKept> };
  _result: { fields: TField[]; _parsers?: unknown[]; _prebuiltEmptyResultObject?: object };
  _accumulateRows: unknown;
  _checkForMultirow(): void;
  listeners(event: string): unknown[];
  submit(connection: object): unknown;
  handleRowDescription(message: { fields: TField[] }): void;
}

let installed = false;

/**
 * pg asks PostgreSQL to describe a named statement's rows on every run (a Describe of the portal)
 * and makes its columns' list, a parser for each column and an empty row object anew from the
 * answer: on a visitor's read of a card that was not cached (a row of 60 columns) that was 6% of
 * the server's time (docs/benchmarks.md). A named statement's rows keep their shape on its
 * connection (PostgreSQL refuses to run it otherwise: "cached plan must not change result type"),
 * so the first run's are kept for each connection and statement and taken again by every later
 * run whose answer has the same columns' count and format; pgx (Go) skips that Describe for the
 * same reason. The kept parsers are the first run's: every run of one name must parse values the
 * same way (drizzle gives both configs of a prepared statement, rows as arrays or as objects, the
 * same type parsers). `Query` is pg's own (`pg.Query`), patched once for the process.
 */
export function reuseRowDescriptions(Query: typeof pg.Query): void {
  if (installed) return;
  installed = true;
  const query = Query.prototype as unknown as TQuery;
  const submit = query.submit;
  const describe = query.handleRowDescription;
  query.submit = function (this: TQuery, connection: object) {
    this[CONNECTION] = connection;
    return submit.call(this, connection);
  };
  query.handleRowDescription = function (this: TQuery, message: { fields: TField[] }) {
    const connection = this[CONNECTION];
    if (!this.name || !connection) return describe.call(this, message);
    const keptOnConnection = (connection[KEPT] ??= new Map<string, TKept>());
    const kept = keptOnConnection.get(this.name);
    if (kept === undefined || kept.fields.length !== message.fields.length || kept.fields[0]?.format !== message.fields[0]?.format) {
      describe.call(this, message);
      const result = this._result;
      keptOnConnection.set(this.name, { fields: result.fields, parsers: result._parsers, empty: result._prebuiltEmptyResultObject });
      return;
    }
    // What pg's handleRowDescription does, with the kept columns instead of new ones.
    this._checkForMultirow();
    this._result.fields = kept.fields;
    this._result._parsers = kept.parsers;
    this._result._prebuiltEmptyResultObject = kept.empty;
    this._accumulateRows = this.callback || !this.listeners('row').length;
  };
}
