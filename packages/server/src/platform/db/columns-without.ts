import { getTableColumns, type Table } from 'drizzle-orm';

/**
 * A table's columns (of the table, or of an alias of it) but `left`: a column only some reads
 * want (a stored JSON a list sends as it is) kept out of every other read of the whole row.
 */
export function columnsWithout<T extends Table, K extends keyof T['_']['columns']>(table: T, ...left: K[]): Omit<T['_']['columns'], K> {
  const columns: Partial<T['_']['columns']> = { ...(getTableColumns(table) as T['_']['columns']) };
  for (const key of left) delete columns[key];
  return columns as Omit<T['_']['columns'], K>;
}
