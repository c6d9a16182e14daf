import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { isUuid } from '@vbc/shared';
import type { TLead, TLeadPage, ZLeadQuery, ZLeadUpdate } from '@vbc/shared/leads';
import type { Clock } from '../accounts/index.ts';
import type { Db } from '../platform/db/client.ts';
import { accounts, leads } from '../platform/db/schema/index.ts';
import { encodeCursor, decodeCursor } from '../platform/db/keyset-cursor.ts';
import { notFound } from '../platform/errors/app-error.ts';
import type { IntegrationEvents } from '../platform/integration-events/index.ts';
import { presentLead, type LeadRow } from './present-lead.ts';

export interface TLeadDeps {
  db: Db;
  clock: Clock;
  integrationEvents: IntegrationEvents;
}

export type TLeadQuery = z.output<typeof ZLeadQuery>;
export type TLeadFilters = Omit<TLeadQuery, 'cursor' | 'limit'>;
export type TLeadChanges = z.output<typeof ZLeadUpdate>;

/** Whose leads a read covers: one owner's, or every lead that came through a business's linked cards. */
export type TLeadScope = { ownerAccountId: string } | { corporateAccountId: string };

/** The most leads one export holds (leads/README.md). */
export const EXPORT_MAX_LEADS = 10_000;

const scopeWhere = (scope: TLeadScope): SQL =>
  'ownerAccountId' in scope ? eq(leads.ownerAccountId, scope.ownerAccountId) : eq(leads.corporateAccountId, scope.corporateAccountId);

/** `q` as a LIKE pattern that matches it literally anywhere. */
const containing = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filterWhere(scope: TLeadScope, filters: TLeadFilters): SQL {
  const conditions: (SQL | undefined)[] = [scopeWhere(scope)];
  if (filters.cardId !== undefined) {
    // Not a card id: no lead came through it.
    conditions.push(isUuid(filters.cardId) ? eq(leads.cardId, filters.cardId.toLowerCase()) : sql`false`);
  }
  if (filters.status) conditions.push(eq(leads.status, filters.status));
  if (filters.q) {
    const pattern = containing(filters.q);
    conditions.push(
      or(
        ilike(leads.name, pattern),
        ilike(leads.email, pattern),
        ilike(leads.phone, pattern),
        ilike(leads.company, pattern),
        ilike(leads.jobTitle, pattern),
        ilike(leads.message, pattern),
        ilike(leads.note, pattern),
      ),
    );
  }
  return and(...conditions)!;
}

/** A page's last lead as an opaque cursor: its capture time and id. */
const leadCursor = (row: LeadRow): string => encodeCursor(row.capturedAt, row.id);

const ownerName = accounts.name;

/** Leads in scope, newest captured first, with their owners' names. */
async function selectLeads(db: Db, where: SQL, limit: number): Promise<{ row: LeadRow; ownerName: string | null }[]> {
  const rows = await db
    .select({ row: leads, ownerName })
    .from(leads)
    .leftJoin(accounts, eq(accounts.id, leads.ownerAccountId))
    .where(where)
    .orderBy(desc(leads.capturedAt), desc(leads.id))
    .limit(limit);
  return rows;
}

/** GET /api/leads and the business console's list: a page, newest first, and how many of the scope's leads are unseen. */
export async function listLeads(db: Db, scope: TLeadScope, query: TLeadQuery): Promise<TLeadPage> {
  let where = filterWhere(scope, query);
  if (query.cursor) {
    const { at, id } = decodeCursor(query.cursor);
    where = and(where, sql`(${leads.capturedAt}, ${leads.id}) < (${at.toISOString()}::timestamptz, ${id}::uuid)`)!;
  }
  const [rows, [unseen]] = await Promise.all([
    selectLeads(db, where, query.limit + 1),
    db
      .select({ n: count() })
      .from(leads)
      .where(and(scopeWhere(scope), eq(leads.seen, false))),
  ]);
  const page = rows.slice(0, query.limit);
  return {
    items: page.map((r) => presentLead(r.row, r.ownerName)),
    nextCursor: rows.length > query.limit ? leadCursor(page[page.length - 1]!.row) : null,
    newCount: Number(unseen?.n ?? 0),
  };
}

/** Every lead an export holds (the filters, newest first, at most EXPORT_MAX_LEADS), read 500 at a time. */
export async function leadsToExport(db: Db, scope: TLeadScope, filters: TLeadFilters): Promise<TLead[]> {
  const out: TLead[] = [];
  let cursor: string | undefined;
  while (out.length < EXPORT_MAX_LEADS) {
    const page = await listLeads(db, scope, { ...filters, cursor, limit: Math.min(500, EXPORT_MAX_LEADS - out.length) } as TLeadQuery);
    out.push(...page.items);
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return out;
}

/** One of the owner's leads, or a 404 (for anyone else's too). */
export async function getLead(db: Db, ownerAccountId: string, leadId: string): Promise<TLead> {
  const [found] = await selectLeads(db, and(eq(leads.id, leadId), eq(leads.ownerAccountId, ownerAccountId))!, 1);
  if (!found) throw notFound('lead');
  return presentLead(found.row, found.ownerName);
}

/** PUT /api/leads/{leadId}: the owner's status, note, tags or seen mark; records `lead.updated`. */
export async function updateLead(deps: TLeadDeps, ownerAccountId: string, leadId: string, changes: TLeadChanges): Promise<TLead> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(leads)
      .set({ ...changes, updatedAt: now })
      .where(and(eq(leads.id, leadId), eq(leads.ownerAccountId, ownerAccountId)))
      .returning();
    if (!row) throw notFound('lead');
    const [owner] = await tx.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, ownerAccountId)).limit(1);
    const lead = presentLead(row, owner?.name ?? null);
    await deps.integrationEvents.record(tx, {
      type: 'lead.updated',
      accountId: ownerAccountId,
      corporateAccountId: row.corporateAccountId,
      data: lead,
      occurredAt: now,
    });
    return lead;
  });
}

/**
 * Deletes a lead and records `lead.deleted` (the lead as it was): by its owner (`ownerAccountId`),
 * or by the visitor's signed "Forget my details" link (null). False when there was none to delete.
 */
export async function deleteLead(deps: TLeadDeps, ownerAccountId: string | null, leadId: string): Promise<boolean> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const where = ownerAccountId ? and(eq(leads.id, leadId), eq(leads.ownerAccountId, ownerAccountId))! : eq(leads.id, leadId);
    const [row] = await tx.delete(leads).where(where).returning();
    if (!row) return false;
    const [owner] = await tx.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, row.ownerAccountId)).limit(1);
    await deps.integrationEvents.record(tx, {
      type: 'lead.deleted',
      accountId: row.ownerAccountId,
      corporateAccountId: row.corporateAccountId,
      data: presentLead(row, owner?.name ?? null),
      occurredAt: now,
    });
    return true;
  });
}

/** DELETE /api/leads/{leadId}: the owner's, else 404. */
export async function deleteOwnLead(deps: TLeadDeps, ownerAccountId: string, leadId: string): Promise<void> {
  if (!(await deleteLead(deps, ownerAccountId, leadId))) throw notFound('lead');
}

/** The visitor's "Forget my details" (a verified link): deletes the lead if it is still there. */
export async function forgetLead(deps: TLeadDeps, leadId: string): Promise<boolean> {
  return deleteLead(deps, null, leadId);
}
