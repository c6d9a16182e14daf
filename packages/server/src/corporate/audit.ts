import { and, desc, eq, sql } from 'drizzle-orm';
import type { TAuditAction, TAuditPage } from '@vbc/shared/corporate';
import type { Db } from '../platform/db/client.ts';
import { decodeCursor, encodeCursor } from '../platform/db/keyset-cursor.ts';
import { accounts, corporateAuditLog } from '../platform/db/schema/index.ts';

export interface TAuditRecord {
  corporateAccountId: string;
  /** Who did it; null for the operator or a provisioning client. */
  actorAccountId: string | null;
  action: TAuditAction;
  /** The action's own small record (ids, names, counts): never a secret. */
  detail?: Record<string, unknown>;
}

/**
 * Writes one audit entry. Call it with the transaction of the action it records, so that an action
 * and its entry are stored together or not at all.
 */
export async function recordAudit(tx: Db, record: TAuditRecord): Promise<void> {
  await tx.insert(corporateAuditLog).values({
    corporateAccountId: record.corporateAccountId,
    actorAccountId: record.actorAccountId,
    action: record.action,
    detail: record.detail ?? {},
    // The cursor holds milliseconds: the time comes from here, not the database's now().
    createdAt: new Date(),
  });
}

/** Console (admin): the business's audit log, newest first, a page at a time. */
export async function listAudit(
  db: Db,
  corporateAccountId: string,
  query: { cursor?: string | undefined; limit: number },
): Promise<TAuditPage> {
  let where = eq(corporateAuditLog.corporateAccountId, corporateAccountId);
  if (query.cursor) {
    const { at, id } = decodeCursor(query.cursor);
    where = and(where, sql`(${corporateAuditLog.createdAt}, ${corporateAuditLog.id}) < (${at.toISOString()}::timestamptz, ${id}::uuid)`)!;
  }
  const rows = await db
    .select({ row: corporateAuditLog, actorName: accounts.name })
    .from(corporateAuditLog)
    .leftJoin(accounts, eq(accounts.id, corporateAuditLog.actorAccountId))
    .where(where)
    .orderBy(desc(corporateAuditLog.createdAt), desc(corporateAuditLog.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1]?.row;
  return {
    items: page.map(({ row, actorName }) => ({
      auditId: row.id,
      action: row.action,
      actorAccountId: row.actorAccountId,
      actorName: actorName ?? null,
      detail: row.detail,
      createdAt: row.createdAt.toISOString(),
    })),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}
