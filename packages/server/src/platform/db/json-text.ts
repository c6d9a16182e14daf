import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * A `timestamptz` as JSON text the way JavaScript's `Date.prototype.toISOString` writes it
 * (`2026-11-29T22:34:18.123Z`: UTC, milliseconds truncated as a `Date` read from the row would
 * be), for an answer PostgreSQL writes itself (`json_build_object`).
 */
export const isoTimestamp = (column: SQLWrapper): SQL<string> =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A constant of the code written into the statement as a text literal (not a parameter: a
 * prepared statement's text then reads as the answer it builds). Letters, digits, `_`, `-`, `.`
 * and `/` only.
 */
export function textLiteral(text: string): SQL {
  if (!/^[\w./-]*$/.test(text)) throw new Error(`textLiteral: ${JSON.stringify(text)} holds a character it does not write`);
  return sql.raw(`'${text}'`);
}

/** `json_build_object` of these keys and values, in this order (each key a field name of the answer). */
export function jsonObject(fields: Record<string, SQLWrapper>): SQL {
  const pairs = Object.entries(fields).map(([key, value]) => sql`${textLiteral(key)}, ${value}`);
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}
