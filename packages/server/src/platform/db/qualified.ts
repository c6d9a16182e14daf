import { getTableName, sql, type Column, type GetColumnData, type SQL } from 'drizzle-orm';

/**
 * `"table"."column"`: an outer query's column inside a correlated subquery written with `sql`.
 * Drizzle writes a select's columns without their table when the select has no join, so a
 * subquery on another table with a column of the same name (`id`) would read its own instead.
 */
export const qualified = (column: Column): SQL => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/**
 * `columns` read from the rows called `alias` (a database function's answer, a subquery written
 * with `sql`) as drizzle reads them from their table: each `alias."column"`, mapped as its column.
 */
export function columnsOf<TColumns extends Record<string, Column>>(alias: string, columns: TColumns) {
  return Object.fromEntries(
    Object.entries(columns).map(([key, column]) => [key, sql`${sql.identifier(alias)}.${sql.identifier(column.name)}`.mapWith(column)]),
  ) as { [K in keyof TColumns]: SQL<GetColumnData<TColumns[K]>> };
}
