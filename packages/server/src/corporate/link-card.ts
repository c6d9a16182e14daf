import { and, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { corporateAccounts, virtualContacts } from '../platform/db/schema/index.ts';
import { forbidden, notFound } from '../platform/errors/app-error.ts';
import type { TCardLinkDeps } from './deps.ts';
import { roleIn } from './membership.ts';

async function findCard(db: Db, virtualContactId: string) {
  const [card] = await db
    .select({
      id: virtualContacts.id,
      ownerAccountId: virtualContacts.ownerAccountId,
      corporateProfileId: virtualContacts.corporateProfileId,
    })
    .from(virtualContacts)
    .where(eq(virtualContacts.id, virtualContactId))
    .limit(1);
  if (!card) throw notFound('card');
  return card;
}

async function findCorporate(db: Db, corporateAccountId: string) {
  const [row] = await db.select().from(corporateAccounts).where(eq(corporateAccounts.id, corporateAccountId)).limit(1);
  if (!row) throw notFound('corporate account');
  return row;
}

/**
 * Links a member's card to the business (it then carries `isCorporateProfile` and opens the
 * 'Verified Business' dialog; the linked cards are the business's directory). The caller must own
 * the card and be a member; a business admin may link a member's card too. Sends the card's change
 * notice; returns the card id.
 */
export async function linkCard(
  { db, cardChanged }: TCardLinkDeps,
  callerId: string,
  corporateAccountId: string,
  virtualContactId: string,
): Promise<string> {
  const callerRole = await roleIn(db, callerId, corporateAccountId);
  if (!callerRole) throw notFound('corporate account');
  const corporate = await findCorporate(db, corporateAccountId);
  const card = await findCard(db, virtualContactId);
  const ownerRole = card.ownerAccountId ? await roleIn(db, card.ownerAccountId, corporateAccountId) : null;
  if (card.ownerAccountId !== callerId && callerRole !== 'admin') throw notFound('card');
  if (!ownerRole) throw forbidden("The card's owner is not a member of this business.");
  await db.update(virtualContacts).set({ corporateProfileId: corporate.corporateProfileId }).where(eq(virtualContacts.id, card.id));
  await cardChanged(card.id);
  return card.id;
}

/** Unlinks a card from the business: its owner or a business admin. Sends the card's change notice; returns the card id. */
export async function unlinkCard(
  { db, cardChanged }: TCardLinkDeps,
  callerId: string,
  corporateAccountId: string,
  virtualContactId: string,
): Promise<string> {
  const callerRole = await roleIn(db, callerId, corporateAccountId);
  const corporate = await findCorporate(db, corporateAccountId);
  const card = await findCard(db, virtualContactId);
  const linked = card.corporateProfileId === corporate.corporateProfileId;
  if (!linked || (card.ownerAccountId !== callerId && callerRole !== 'admin')) throw notFound('linked card');
  await db
    .update(virtualContacts)
    .set({ corporateProfileId: null })
    .where(and(eq(virtualContacts.id, card.id), eq(virtualContacts.corporateProfileId, corporate.corporateProfileId)));
  await cardChanged(card.id);
  return card.id;
}
