import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { emailDomain } from '@vbc/shared/sso';
import type { Db } from '../platform/db/client.ts';
import { accounts, corporateDomains, corporateInvitations } from '../platform/db/schema/index.ts';
import type { TCardLinkDeps } from './deps.ts';
import { joinByInvitation, type TJoined } from './join-business.ts';

type TJoinDeps = Pick<TCardLinkDeps, 'db' | 'cardChanged'>;

/** E-mails looked up per statement. */
const CHUNK = 1000;

/** The domains a business has verified (sso/domains.ts proves them), lower-case. */
export async function verifiedDomainsOf(db: Db, corporateAccountId: string): Promise<Set<string>> {
  const rows = await db
    .select({ domain: corporateDomains.domain })
    .from(corporateDomains)
    .where(and(eq(corporateDomains.corporateAccountId, corporateAccountId), isNotNull(corporateDomains.verifiedAt)));
  return new Set(rows.map((r) => r.domain));
}

/**
 * Auto-join (issue 27): accepts for an account each pending invitation to its e-mail from a business
 * that has verified the e-mail's domain — the accept link's effect (`joinByInvitation`), recorded as
 * `member.auto_joined`. Invitations to a domain the inviter has not verified, and to a phone, keep
 * waiting for the link. `corporateAccountId` limits it to one business. Each invitation is its own
 * transaction; one taken meanwhile (the same person signing in twice at once, or their own click)
 * is skipped, so it joins once. Each card's change notice follows its commit.
 */
export async function joinVerifiedInvitations(deps: TJoinDeps, accountId: string, corporateAccountId?: string): Promise<TJoined[]> {
  const email = sql`lower(${accounts.email})`;
  const due = await deps.db
    .select({ id: corporateInvitations.id })
    .from(accounts)
    .innerJoin(corporateInvitations, eq(corporateInvitations.email, email))
    .innerJoin(
      corporateDomains,
      and(
        eq(corporateDomains.corporateAccountId, corporateInvitations.corporateAccountId),
        eq(corporateDomains.domain, sql`substring(${email} from '[^@]*$')`),
        isNotNull(corporateDomains.verifiedAt),
      ),
    )
    .where(
      and(
        eq(accounts.id, accountId),
        corporateAccountId === undefined ? undefined : eq(corporateInvitations.corporateAccountId, corporateAccountId),
      ),
    );
  const joined: TJoined[] = [];
  for (const { id } of due) {
    const done = await deps.db.transaction(async (tx) => {
      const [invitation] = await tx.delete(corporateInvitations).where(eq(corporateInvitations.id, id)).returning();
      return invitation ? joinByInvitation(tx, accountId, invitation, 'auto_joined') : null;
    });
    if (!done) continue;
    if (done.virtualContactId) await deps.cardChanged(done.virtualContactId);
    joined.push(done);
  }
  return joined;
}

/**
 * Invitations just written (console or import): each invitee who has an account already, with an
 * e-mail in a domain the business has verified, joins now rather than at their next sign-in.
 * Returns the ids of the invitations so accepted.
 */
export async function joinExistingInvitees(deps: TJoinDeps, corporateAccountId: string, emails: readonly string[]): Promise<Set<string>> {
  const verified = await verifiedDomainsOf(deps.db, corporateAccountId);
  const candidates = emails.filter((e) => verified.has(emailDomain(e)));
  const accepted = new Set<string>();
  for (let i = 0; i < candidates.length; i += CHUNK) {
    const holders = await deps.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(inArray(sql`lower(${accounts.email})`, candidates.slice(i, i + CHUNK)));
    for (const { id } of holders) {
      for (const joined of await joinVerifiedInvitations(deps, id, corporateAccountId)) accepted.add(joined.invitationId);
    }
  }
  return accepted;
}
