import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { conflict } from '../errors/app-error.ts';

/**
 * What the client last read, for an optimistic-concurrency check: the exact
 * `updatedAt` (body field or `If-Match: "<ms>"`, the ETag this API sends), or
 * an HTTP date (`If-Unmodified-Since`, whole seconds). Null: no precondition.
 */
export type TPrecondition = { exact: Date } | { notAfterSecond: Date } | null;

/** A WHERE condition that holds while the row is unchanged since the precondition. */
export function unchangedSince(column: PgColumn, precondition: TPrecondition): SQL | undefined {
  if (!precondition) return undefined;
  if ('exact' in precondition) return sql`date_trunc('milliseconds', ${column}) = ${precondition.exact.toISOString()}::timestamptz`;
  return sql`date_trunc('second', ${column}) <= ${precondition.notAfterSecond.toISOString()}::timestamptz`;
}

/**
 * The next `updatedAt`: now at millisecond precision, and always later than
 * the previous one, so two saves within a millisecond never share a token.
 */
export const nextUpdatedAt = (column: PgColumn): SQL =>
  sql`greatest(date_trunc('milliseconds', clock_timestamp()), date_trunc('milliseconds', ${column}) + interval '1 millisecond')`;

/** The 409 a stale write gets. */
export const staleWrite = (what: string, current: Date) =>
  conflict(
    `This ${what} was changed elsewhere (another tab or device) at ${current.toISOString()}. Reload it to see the latest version, then make your change again.`,
  );
