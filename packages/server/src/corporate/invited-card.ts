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
 * Template hook (issue 27, brand templates): the business's template, once there is one, is applied
 * here to the new card's fields (its suggested fields prefill what the row leaves empty; its locked
 * fields are read from the template at every read anyway). Today it returns the fields as they are.
 */
async function withBusinessTemplate(
  _tx: Db,
  _corporateAccountId: string,
  fields: Partial<TVirtualContactInput>,
): Promise<Partial<TVirtualContactInput>> {
  return fields;
}

/**
 * The card an accepted imported invitation creates: the row's details (and the business template),
 * owned by the invitee and linked to the business. Returns its id; the caller sends its change notice.
 */
export async function createInvitedCard(tx: Db, accountId: string, corporateAccountId: string, card: TInvitationCard): Promise<string> {
  const [business] = await tx
    .select({ corporateProfileId: corporateAccounts.corporateProfileId, name: corporateProfiles.name })
    .from(corporateAccounts)
    .innerJoin(corporateProfiles, eq(corporateProfiles.id, corporateAccounts.corporateProfileId))
    .where(eq(corporateAccounts.id, corporateAccountId));
  if (!business) throw new Error(`business ${corporateAccountId} of an invitation is gone`);
  const fields = await withBusinessTemplate(tx, corporateAccountId, cardFieldsOf(card, business.name));
  const row = await insertContact(
    tx,
    { firstName: '', lastName: '', ...fields, designSpecification: { design: { designation: 'default' }, theme: { designation: 'dark' } } },
    { ownerAccountId: accountId, corporateProfileId: business.corporateProfileId },
  );
  return row.id;
}
