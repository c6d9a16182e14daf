import { getTableName, sql, type Column, type SQL } from 'drizzle-orm';

/**
 * `"table"."column"`: an outer query's column inside a correlated subquery written with `sql`.
 * Drizzle writes a select's columns without their table when the select has no join, so a
 * subquery on another table with a column of the same name (`id`) would read its own instead.
 */
export const qualified = (column: Column): SQL => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
