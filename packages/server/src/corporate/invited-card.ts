import { eq } from 'drizzle-orm';
import { ZEmail, type TVirtualContactInput } from '@vbc/shared';
import type { TInvitationCard } from '@vbc/shared/member-import';
import { insertContact } from '../cards/index.ts';
import type { Db } from '../platform/db/client.ts';
import { corporateAccounts, corporateProfiles } from '../platform/db/schema/index.ts';

/** "Ana Maria Reyes" → first name "Ana", last name "Maria Reyes" (the card shows them joined). */
function splitName(name: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = name.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

/** The card fields an imported row gives; the department follows the job title ("Engineer, Platform"). */
export function cardFieldsOf(card: TInvitationCard, businessName: string): Partial<TVirtualContactInput> {
  const email = ZEmail.safeParse({ email: card.email });
  return {
    ...splitName(card.name),
    jobTitle: [card.jobTitle, card.department].filter(Boolean).join(', ').slice(0, 150) || null,
    organization: card.organization ?? businessName,
    biography: card.biography,
    emails: email.success ? [email.data] : [],
    phones: [{ phoneNumber: card.phone, type: 'Work' }],
    links: card.website ? [{ linkUrl: card.website, linkName: null }] : [],
  };
}

/**
 * The card an accepted imported invitation creates: the row's details, owned by the invitee and
 * linked to the business. The business's template needs no copy here: a linked card shows it at
 * every read (locked fields always, suggested ones where the card's own are empty; template.ts).
 * Returns its id; the caller sends its change notice.
 */
export async function createInvitedCard(tx: Db, accountId: string, corporateAccountId: string, card: TInvitationCard): Promise<string> {
  const [business] = await tx
    .select({ corporateProfileId: corporateAccounts.corporateProfileId, name: corporateProfiles.name })
    .from(corporateAccounts)
    .innerJoin(corporateProfiles, eq(corporateProfiles.id, corporateAccounts.corporateProfileId))
    .where(eq(corporateAccounts.id, corporateAccountId));
  if (!business) throw new Error(`business ${corporateAccountId} of an invitation is gone`);
  const fields = cardFieldsOf(card, business.name);
  const row = await insertContact(
    tx,
    { firstName: '', lastName: '', ...fields, designSpecification: { design: { designation: 'default' }, theme: { designation: 'dark' } } },
    { ownerAccountId: accountId, corporateProfileId: business.corporateProfileId },
  );
  return row.id;
}
