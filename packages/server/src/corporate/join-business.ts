import { and, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { corporateAccountMembers, type corporateInvitations, type CorporateRole } from '../platform/db/schema/index.ts';
import { recordAudit } from './audit.ts';
import { createInvitedCard } from './invited-card.ts';

export type TInvitationRow = typeof corporateInvitations.$inferSelect;

/** What joining by an invitation gave: the business, the role held there, and the imported invitation's card (null for none). */
export interface TJoined {
  invitationId: string;
  corporateAccountId: string;
  role: CorporateRole;
  virtualContactId: string | null;
}

/**
 * The one way an invitation is accepted, inside the caller's transaction once it has taken
 * (deleted) the invitation: the invitee becomes a member with the invited role (a member already
 * keeps theirs), an imported invitation's row becomes their card linked to the business, and the
 * audit entry says how — `invitation.accepted` (the invitee's accept link) or `member.auto_joined`
 * (an invitee of a domain the business verified, joined without a click). The actor is the invitee.
 * The caller sends the card's change notice after its commit.
 */
export async function joinByInvitation(
  tx: Db,
  accountId: string,
  invitation: TInvitationRow,
  how: 'accepted' | 'auto_joined',
): Promise<TJoined> {
  const { corporateAccountId } = invitation;
  await tx.insert(corporateAccountMembers).values({ corporateAccountId, accountId, role: invitation.role }).onConflictDoNothing();
  const [member] = await tx
    .select({ role: corporateAccountMembers.role })
    .from(corporateAccountMembers)
    .where(and(eq(corporateAccountMembers.corporateAccountId, corporateAccountId), eq(corporateAccountMembers.accountId, accountId)));
  const role = member?.role ?? invitation.role;
  const virtualContactId = invitation.card ? await createInvitedCard(tx, accountId, corporateAccountId, invitation.card) : null;
  await recordAudit(
    tx,
    how === 'accepted'
      ? {
          corporateAccountId,
          actorAccountId: accountId,
          action: 'invitation.accepted',
          detail: { invitationId: invitation.id, virtualContactId },
        }
      : {
          corporateAccountId,
          actorAccountId: accountId,
          action: 'member.auto_joined',
          detail: { invitationId: invitation.id, accountId, email: invitation.email, role, virtualContactId },
        },
  );
  return { invitationId: invitation.id, corporateAccountId, role, virtualContactId };
}
