import { Column, is, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { qualified } from './qualified.ts';

/**
 * A `timestamptz` as JSON text the way JavaScript's `Date.prototype.toISOString` writes it
 * (`2026-11-29T22:34:18.123Z`: UTC, milliseconds truncated as a `Date` read from the row would
 * be), for an answer PostgreSQL writes itself.
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

/** An SQL `text` expression whose value is JSON (never SQL null): a value of jsonText. */
export interface TJsonText {
  readonly jsonText: SQL<string>;
}

/** A text value as a JSON string, escaped (`to_json`), or `null`. */
export const jsonString = (value: SQLWrapper): TJsonText => ({ jsonText: sql<string>`coalesce(to_json(${value})::text, 'null')` });

/** A number or a boolean, whose text is its JSON (`12`, `true`), or `null`. */
export const jsonLiteral = (value: SQLWrapper): TJsonText => ({ jsonText: sql<string>`coalesce((${value})::text, 'null')` });

/**
 * A text that holds no character JSON escapes (a uuid, a time written by isoTimestamp, a word
 * of a set a check constraint keeps) as a JSON string, not escaped, or `null`.
 */
export const jsonPlainString = (value: SQLWrapper): TJsonText => ({ jsonText: sql<string>`coalesce('"' || (${value}) || '"', 'null')` });

/** A `timestamptz` as JSON, written as toISOString writes it (isoTimestamp), or `null`. */
export const jsonTimestamp = (value: SQLWrapper): TJsonText => jsonPlainString(isoTimestamp(value));

/** A column as JSON, by its type, qualified by its table (safe inside a correlated subquery). */
function columnJson(column: Column): TJsonText {
  const value = qualified(column);
  switch (column.columnType) {
    case 'PgUUID':
      return jsonPlainString(value);
    case 'PgText':
    case 'PgVarchar':
      return jsonString(value);
    // No floating-point type: PostgreSQL writes NaN and Infinity, which JSON has no words for.
    case 'PgInteger':
    case 'PgSmallInt':
    case 'PgBigInt53':
    case 'PgBoolean':
      return jsonLiteral(value);
    case 'PgTimestamp':
      return jsonTimestamp(value);
    default:
      throw new Error(`jsonText: ${column.name} is a ${column.columnType}, which jsonText does not write`);
  }
}

/**
 * A JSON object of these keys and values, in this order, as SQL `text` written by concatenation.
 * A column is written by its type; any other value says how (jsonString, jsonLiteral,
 * jsonPlainString, jsonTimestamp, or another jsonText). On PostgreSQL 15 `json_build_object` looks
 * up each value's type and output function for every row, and cost a page of 50 messages some
 * 120 µs of the database's time more than this (docs/benchmarks.md). Keys: letters and digits.
 */
export function jsonText(fields: Record<string, Column | TJsonText>): TJsonText {
  const parts: SQL[] = [];
  let separator = '{';
  for (const [key, value] of Object.entries(fields)) {
    if (!/^\w+$/.test(key)) throw new Error(`jsonText: the key ${JSON.stringify(key)} holds a character it does not write`);
    parts.push(sql.raw(`'${separator}"${key}":'`), sql`(${is(value, Column) ? columnJson(value).jsonText : value.jsonText})`);
    separator = ',';
  }
  parts.push(sql.raw(separator === '{' ? `'{}'` : `'}'`));
  return { jsonText: sql<string>`(${sql.join(parts, sql` || `)})` };
}

/**
 * The JSON array (text) of the JSON texts an aggregate gathers (a jsonText's, or a subquery's
 * column of them), in this order; `[]` for no row.
 */
export const jsonArrayText = (element: SQLWrapper, orderBy: SQL): TJsonText => ({
  jsonText: sql<string>`coalesce('[' || string_agg(${element}, ',' order by ${orderBy}) || ']', '[]')`,
});
