import { and, desc, eq, notExists, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { TInvitation, TMyInvitation, ZInvitationInput } from '@vbc/shared/corporate';
import type { Db } from '../platform/db/client.ts';
import {
  accounts,
  corporateAccountMembers,
  corporateAccounts,
  corporateInvitations,
  corporateProfiles,
  type CorporateRole,
} from '../platform/db/schema/index.ts';
import { conflict, notFound } from '../platform/errors/app-error.ts';
import { recordAudit } from './audit.ts';
import { joinExistingInvitees } from './auto-join.ts';
import type { TCardLinkDeps } from './deps.ts';
import { joinByInvitation, type TInvitationRow } from './join-business.ts';

type InvitationInput = z.output<typeof ZInvitationInput>;
const present = (row: TInvitationRow, joined = false): TInvitation => ({
  invitationId: row.id,
  email: row.email,
  phoneNumber: row.phoneNumber,
  role: row.role,
  createdAt: row.createdAt.toISOString(),
  mailStatus: row.mailStatus ?? null,
  joined,
});

/**
 * Console (admin): invites whoever signs in with this e-mail or phone, with a role. 409 when
 * that contact is a member already or has a pending invitation to this business. An e-mail in a
 * domain the business has verified whose account exists joins at once (`joined: true`); one
 * without an account yet joins at its first sign-in (auto-join.ts).
 */
export async function createInvitation(
  deps: TCardLinkDeps,
  inviterId: string,
  corporateAccountId: string,
  input: InvitationInput,
): Promise<TInvitation> {
  const { db } = deps;
  const contact =
    input.email !== undefined ? { email: input.email, phoneNumber: null } : { email: null, phoneNumber: input.phoneNumber ?? null };
  const named = contact.email !== null ? `${contact.email}` : `${contact.phoneNumber}`;
  const [member] = await db
    .select({ id: accounts.id })
    .from(corporateAccountMembers)
    .innerJoin(accounts, eq(accounts.id, corporateAccountMembers.accountId))
    .where(
      and(
        eq(corporateAccountMembers.corporateAccountId, corporateAccountId),
        contact.email !== null ? eq(accounts.email, contact.email) : eq(accounts.phoneNumber, contact.phoneNumber!),
      ),
    )
    .limit(1);
  if (member) throw conflict(`${named} is a member of this business already.`);
  const row = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(corporateInvitations)
      .values({ corporateAccountId, ...contact, role: input.role, invitedByAccountId: inviterId })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(`${named} has a pending invitation to this business already; revoke it to invite again.`);
    await recordAudit(tx, {
      corporateAccountId,
      actorAccountId: inviterId,
      action: 'invitation.created',
      detail: { invitationId: row.id, ...contact, role: row.role },
    });
    return row;
  });
  const joined = contact.email !== null && (await joinExistingInvitees(deps, corporateAccountId, [contact.email])).has(row.id);
  return present(row, joined);
}

/** Console (admin): the business's pending invitations, newest first. */
export async function listInvitations(db: Db, corporateAccountId: string): Promise<TInvitation[]> {
  const rows = await db
    .select()
    .from(corporateInvitations)
    .where(eq(corporateInvitations.corporateAccountId, corporateAccountId))
    .orderBy(desc(corporateInvitations.createdAt));
  return rows.map((row) => present(row));
}

/** Console (admin): withdraws a pending invitation. */
export async function revokeInvitation(db: Db, actorId: string, corporateAccountId: string, invitationId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(corporateInvitations)
      .where(and(eq(corporateInvitations.id, invitationId), eq(corporateInvitations.corporateAccountId, corporateAccountId)))
      .returning();
    if (!gone) throw notFound('invitation');
    await recordAudit(tx, {
      corporateAccountId,
      actorAccountId: actorId,
      action: 'invitation.revoked',
      detail: { invitationId, email: gone.email, phoneNumber: gone.phoneNumber },
    });
  });
}

/** Invitations to the contacts this account signs in with (an account may have an e-mail, a phone, or both). */
async function addressedTo(db: Db, accountId: string): Promise<SQL> {
  const [account] = await db
    .select({ email: accounts.email, phoneNumber: accounts.phoneNumber })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  const matches = [
    account?.email ? eq(corporateInvitations.email, account.email.toLowerCase()) : undefined,
    account?.phoneNumber ? eq(corporateInvitations.phoneNumber, account.phoneNumber) : undefined,
  ].filter((m): m is SQL => m !== undefined);
  // An account with neither contact matches nothing.
  return or(...matches) ?? eq(corporateInvitations.id, '00000000-0000-0000-0000-000000000000');
}

/** The signed-in account's pending invitations (to businesses it is not a member of yet), newest first. */
export async function myInvitations(db: Db, accountId: string): Promise<TMyInvitation[]> {
  const rows = await db
    .select({ row: corporateInvitations, corporateName: corporateProfiles.name })
    .from(corporateInvitations)
    .innerJoin(corporateAccounts, eq(corporateAccounts.id, corporateInvitations.corporateAccountId))
    .innerJoin(corporateProfiles, eq(corporateProfiles.id, corporateAccounts.corporateProfileId))
    .where(
      and(
        await addressedTo(db, accountId),
        notExists(
          db
            .select({ one: corporateAccountMembers.accountId })
            .from(corporateAccountMembers)
            .where(
              and(
                eq(corporateAccountMembers.corporateAccountId, corporateInvitations.corporateAccountId),
                eq(corporateAccountMembers.accountId, accountId),
              ),
            ),
        ),
      ),
    )
    .orderBy(desc(corporateInvitations.createdAt));
  return rows.map(({ row, corporateName }) => ({
    invitationId: row.id,
    corporateAccountId: row.corporateAccountId,
    corporateName,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Takes (deletes) one of the account's invitations, or a 404 for anyone it was not sent to. */
async function takeInvitation(tx: Db, accountId: string, invitationId: string): Promise<TInvitationRow> {
  const [row] = await tx
    .delete(corporateInvitations)
    .where(and(eq(corporateInvitations.id, invitationId), await addressedTo(tx, accountId)))
    .returning();
  if (!row) throw notFound('invitation');
  return row;
}

/**
 * The invitee accepts (the accept link): `joinByInvitation`, so they become a member with the
 * invited role (one who is a member already keeps theirs) and an imported invitation gives them a
 * card made from its row, linked to the business (its change notice is sent after the commit).
 * Returns the business, the role they hold, and that card's id (null for none).
 */
export async function acceptInvitation(
  { db, cardChanged }: TCardLinkDeps,
  accountId: string,
  invitationId: string,
): Promise<{ corporateAccountId: string; role: CorporateRole; virtualContactId: string | null }> {
  const { corporateAccountId, role, virtualContactId } = await db.transaction(async (tx) =>
    joinByInvitation(tx, accountId, await takeInvitation(tx, accountId, invitationId), 'accepted'),
  );
  if (virtualContactId) await cardChanged(virtualContactId);
  return { corporateAccountId, role, virtualContactId };
}

/** The invitee declines: the invitation is gone. */
export async function declineInvitation(db: Db, accountId: string, invitationId: string): Promise<void> {
  await takeInvitation(db, accountId, invitationId);
}
