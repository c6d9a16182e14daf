import { and, asc, eq, sql } from 'drizzle-orm';
import type { TBusinessCard, ZBusinessCardInput } from '@vbc/shared/team-template';
import type { z } from 'zod';
import type { Db } from '../platform/db/client.ts';
import { accounts, corporateAccounts, virtualContacts } from '../platform/db/schema/index.ts';
import { badRequest, notFound } from '../platform/errors/app-error.ts';
import { claimOwnedImages, listImageRefs } from '../files/index.ts';
import { insertContact } from '../cards/index.ts';
import type { TCardLinkDeps } from './deps.ts';
import { roleIn } from './membership.ts';

const businessCardColumns = {
  virtualContactId: virtualContacts.id,
  quickId: virtualContacts.quickId,
  firstName: virtualContacts.firstName,
  lastName: virtualContacts.lastName,
  jobTitle: virtualContacts.jobTitle,
  ownerCorporateAccountId: virtualContacts.ownerCorporateAccountId,
  assigneeAccountId: virtualContacts.ownerAccountId,
  assigneeName: accounts.name,
  formerHolderName: virtualContacts.formerHolderName,
};

/** The business's own cards, by name; or the one card `contactId` when given. */
async function selectBusinessCards(db: Db, corporateAccountId: string, contactId?: string): Promise<TBusinessCard[]> {
  const rows = await db
    .select(businessCardColumns)
    .from(virtualContacts)
    .leftJoin(accounts, eq(accounts.id, virtualContacts.ownerAccountId))
    .where(and(eq(virtualContacts.ownerCorporateAccountId, corporateAccountId), contactId ? eq(virtualContacts.id, contactId) : undefined))
    .orderBy(asc(sql`lower(${virtualContacts.firstName} || ' ' || ${virtualContacts.lastName})`), asc(virtualContacts.id));
  return rows.map(({ firstName, lastName, ownerCorporateAccountId, ...rest }) => ({
    ...rest,
    name: `${firstName} ${lastName}`.trim(),
    ownerCorporateAccountId: ownerCorporateAccountId ?? corporateAccountId,
  }));
}

/** Console (admin): the cards the business owns, each with the member it is assigned to. */
export async function listBusinessCards(db: Db, corporateAccountId: string): Promise<TBusinessCard[]> {
  return selectBusinessCards(db, corporateAccountId);
}

/** A member to assign a card to, or a 400 naming `field`. */
async function assertMember(db: Db, corporateAccountId: string, accountId: string, field: string): Promise<void> {
  if (!(await roleIn(db, accountId, corporateAccountId))) throw badRequest(`${field}: this account is not a member of the business.`);
}

/**
 * Console (admin): a card the business owns, linked to it (so its template applies), optionally
 * assigned to a member who then edits it as its owner. Its pictures must be the admin's uploads.
 */
export async function createBusinessCard(
  { db, cardChanged }: TCardLinkDeps,
  adminId: string,
  corporateAccountId: string,
  input: z.output<typeof ZBusinessCardInput>,
): Promise<TBusinessCard> {
  const { assigneeAccountId, ...fields } = input;
  const [business] = await db.select().from(corporateAccounts).where(eq(corporateAccounts.id, corporateAccountId)).limit(1);
  if (!business) throw notFound('corporate account');
  if (assigneeAccountId) await assertMember(db, corporateAccountId, assigneeAccountId, 'assigneeAccountId');
  await claimOwnedImages(db, adminId, listImageRefs(fields));
  const row = await insertContact(db, fields, {
    ownerAccountId: assigneeAccountId,
    corporateProfileId: business.corporateProfileId,
    ownerCorporateAccountId: corporateAccountId,
  });
  await cardChanged(row.id);
  return (await selectBusinessCards(db, corporateAccountId, row.id))[0]!;
}

/**
 * Console (admin): assigns a business-owned card to a member, or (null) takes it back; either
 * way a former holder's notice goes. The card stays linked to the business.
 */
export async function setAssignee(
  { db, cardChanged }: TCardLinkDeps,
  corporateAccountId: string,
  contactId: string,
  accountId: string | null,
): Promise<TBusinessCard> {
  const [business] = await db.select().from(corporateAccounts).where(eq(corporateAccounts.id, corporateAccountId)).limit(1);
  if (!business) throw notFound('corporate account');
  if (accountId) await assertMember(db, corporateAccountId, accountId, 'accountId');
  const updated = await db
    .update(virtualContacts)
    .set({ ownerAccountId: accountId, formerHolderName: null, corporateProfileId: business.corporateProfileId, updatedAt: new Date() })
    .where(and(eq(virtualContacts.id, contactId), eq(virtualContacts.ownerCorporateAccountId, corporateAccountId)))
    .returning({ id: virtualContacts.id });
  if (updated.length === 0) throw notFound('business card');
  await cardChanged(contactId);
  return (await selectBusinessCards(db, corporateAccountId, contactId))[0]!;
}
