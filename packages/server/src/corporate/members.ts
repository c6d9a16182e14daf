import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { TCorporateMember, TManagedBusiness } from '@vbc/shared/corporate';
import type { Db } from '../platform/db/client.ts';
import {
  accounts,
  corporateAccountMembers,
  corporateAccounts,
  corporateProfiles,
  virtualContacts,
  type CorporateRole,
} from '../platform/db/schema/index.ts';
import { conflict, notFound } from '../platform/errors/app-error.ts';
import { recordAudit } from './audit.ts';
import type { TCardLinkDeps } from './deps.ts';
import { EDITOR_ROLES } from './membership.ts';

const LAST_ADMIN = 'A business needs at least one admin: make another member admin first.';

/** Console: the business's members, admins first, then by name. */
export async function listMembers(db: Db, corporateAccountId: string): Promise<TCorporateMember[]> {
  const rows = await db
    .select({
      accountId: accounts.id,
      name: accounts.name,
      email: accounts.email,
      phoneNumber: accounts.phoneNumber,
      role: corporateAccountMembers.role,
      joinedAt: corporateAccountMembers.createdAt,
    })
    .from(corporateAccountMembers)
    .innerJoin(accounts, eq(accounts.id, corporateAccountMembers.accountId))
    .where(eq(corporateAccountMembers.corporateAccountId, corporateAccountId))
    .orderBy(
      sql`case ${corporateAccountMembers.role} when 'admin' then 0 when 'editor' then 1 else 2 end`,
      asc(sql`lower(${accounts.name})`),
      asc(accounts.id),
    );
  return rows.map((r) => ({ ...r, joinedAt: r.joinedAt.toISOString() }));
}

/**
 * Locks the business's member rows and finds one: the last admin may not lose the role, so two
 * admins demoting each other at once cannot leave the business without one.
 */
async function lockedMember(tx: Db, corporateAccountId: string, accountId: string) {
  const rows = await tx
    .select({ accountId: corporateAccountMembers.accountId, role: corporateAccountMembers.role })
    .from(corporateAccountMembers)
    .where(eq(corporateAccountMembers.corporateAccountId, corporateAccountId))
    .for('update');
  const member = rows.find((r) => r.accountId === accountId);
  if (!member) throw notFound('member');
  const isLastAdmin = member.role === 'admin' && rows.filter((r) => r.role === 'admin').length === 1;
  return { member, isLastAdmin };
}

/** Console (admin): gives a member another role; never takes the role from the last admin (409). */
export async function changeRole(
  db: Db,
  actorId: string,
  corporateAccountId: string,
  accountId: string,
  role: CorporateRole,
): Promise<TCorporateMember> {
  await db.transaction(async (tx) => {
    const { member, isLastAdmin } = await lockedMember(tx, corporateAccountId, accountId);
    if (isLastAdmin && role !== 'admin') throw conflict(LAST_ADMIN);
    await tx
      .update(corporateAccountMembers)
      .set({ role })
      .where(and(eq(corporateAccountMembers.corporateAccountId, corporateAccountId), eq(corporateAccountMembers.accountId, accountId)));
    if (member.role !== role)
      await recordAudit(tx, {
        corporateAccountId,
        actorAccountId: actorId,
        action: 'member.role_changed',
        detail: { accountId, from: member.role, to: role },
      });
  });
  const member = (await listMembers(db, corporateAccountId)).find((m) => m.accountId === accountId);
  if (!member) throw notFound('member');
  return member;
}

/**
 * Removes a member (console, or SCIM `active: false`; never the last admin, 409) and detaches
 * them (issue 27): a business-owned card assigned to them goes back to the business and shows
 * "{name} is no longer with {business}." with the business's main contact until it is reassigned,
 * so its printed QR codes and NFC tags keep working; their own cards linked to the business are
 * unlinked (the template's fields go, their own values show again). They keep their account.
 * Written to the audit log in the same transaction (`actorId` null: the operator or a
 * provisioning client). After the commit each changed card's notice is sent; returns those cards' ids.
 */
export async function removeMember(
  { db, cardChanged }: TCardLinkDeps,
  actorId: string | null,
  corporateAccountId: string,
  accountId: string,
): Promise<string[]> {
  const changed = await db.transaction(async (tx) => {
    const { isLastAdmin } = await lockedMember(tx, corporateAccountId, accountId);
    if (isLastAdmin) throw conflict(LAST_ADMIN);
    await tx
      .delete(corporateAccountMembers)
      .where(and(eq(corporateAccountMembers.corporateAccountId, corporateAccountId), eq(corporateAccountMembers.accountId, accountId)));
    const [business] = await tx
      .select({ profileId: corporateAccounts.corporateProfileId })
      .from(corporateAccounts)
      .where(eq(corporateAccounts.id, corporateAccountId));
    if (!business) return [];
    const [person] = await tx.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountId));
    const returned = await tx
      .update(virtualContacts)
      .set({ ownerAccountId: null, formerHolderName: person?.name || 'This person', updatedAt: new Date() })
      .where(and(eq(virtualContacts.ownerAccountId, accountId), eq(virtualContacts.ownerCorporateAccountId, corporateAccountId)))
      .returning({ id: virtualContacts.id });
    const unlinked = await tx
      .update(virtualContacts)
      .set({ corporateProfileId: null })
      .where(
        and(
          eq(virtualContacts.ownerAccountId, accountId),
          eq(virtualContacts.corporateProfileId, business.profileId),
          isNull(virtualContacts.ownerCorporateAccountId),
        ),
      )
      .returning({ id: virtualContacts.id });
    await recordAudit(tx, {
      corporateAccountId,
      actorAccountId: actorId,
      action: 'member.removed',
      detail: { accountId, returnedCardIds: returned.map((c) => c.id), unlinkedCardIds: unlinked.map((c) => c.id) },
    });
    return [...returned, ...unlinked].map((c) => c.id);
  });
  for (const cardId of changed) await cardChanged(cardId);
  return changed;
}

/** The businesses where the account is admin or editor (the menu's console entries), by name. */
export async function managedBusinesses(db: Db, accountId: string): Promise<TManagedBusiness[]> {
  const rows = await db
    .select({
      corporateAccountId: corporateAccounts.id,
      name: corporateProfiles.name,
      role: corporateAccountMembers.role,
      corporateProfileId: corporateAccounts.corporateProfileId,
    })
    .from(corporateAccountMembers)
    .innerJoin(corporateAccounts, eq(corporateAccounts.id, corporateAccountMembers.corporateAccountId))
    .innerJoin(corporateProfiles, eq(corporateProfiles.id, corporateAccounts.corporateProfileId))
    .where(eq(corporateAccountMembers.accountId, accountId))
    .orderBy(asc(sql`lower(${corporateProfiles.name})`), asc(corporateAccounts.id));
  return rows.filter((r) => EDITOR_ROLES.includes(r.role));
}
