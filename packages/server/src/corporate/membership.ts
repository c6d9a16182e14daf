import { and, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { corporateAccountMembers, corporateAccounts, type CorporateRole } from '../platform/db/schema/index.ts';
import { forbidden, notFound } from '../platform/errors/app-error.ts';

/** Who may write the profile and announcements. */
export const EDITOR_ROLES: readonly CorporateRole[] = ['admin', 'editor'];
/** Who may manage members, card links and the directory switch. */
export const ADMIN_ROLES: readonly CorporateRole[] = ['admin'];

/** A member's role in a business, or null (also for an id that is not a business). */
export async function roleIn(db: Db, accountId: string, corporateAccountId: string): Promise<CorporateRole | null> {
  const [row] = await db
    .select({ role: corporateAccountMembers.role })
    .from(corporateAccountMembers)
    .where(and(eq(corporateAccountMembers.accountId, accountId), eq(corporateAccountMembers.corporateAccountId, corporateAccountId)))
    .limit(1);
  return row?.role ?? null;
}

/**
 * Authorization for the console: a non-member (or an unknown business) gets 404, as if the
 * business's unpublished work did not exist; a member without one of `roles` gets 403.
 */
export async function requireRole(
  db: Db,
  accountId: string,
  corporateAccountId: string,
  roles: readonly CorporateRole[],
): Promise<CorporateRole> {
  const role = await roleIn(db, accountId, corporateAccountId);
  if (!role) throw notFound('corporate account');
  if (!roles.includes(role)) throw forbidden(`This needs the ${roles.join(' or ')} role in this business; yours is ${role}.`);
  return role;
}

/** The business a corporate profile belongs to, or a 404. */
export async function corporateOfProfile(db: Db, corporateProfileId: string): Promise<typeof corporateAccounts.$inferSelect> {
  const [row] = await db.select().from(corporateAccounts).where(eq(corporateAccounts.corporateProfileId, corporateProfileId)).limit(1);
  if (!row) throw notFound('corporate account');
  return row;
}
