import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { emailProblem, NAME_MAX_LENGTH } from '@vbc/shared/account';
import type { Db } from '../platform/db/client.ts';
import { accounts, corporateAccountMembers, corporateAccounts, scimUsers, virtualContacts } from '../platform/db/schema/index.ts';
import { AppError, notFound } from '../platform/errors/app-error.ts';
import { isUniqueViolation } from '../platform/db/unique-violation.ts';

/** A person as SCIM sees them in one business: a member with an e-mail, or one SCIM deprovisioned. */
export interface TScimPerson {
  /** The account's id: the SCIM resource id. */
  id: string;
  /** The account's e-mail. */
  userName: string;
  externalId: string | null;
  /** True while the person is a member of the business. */
  active: boolean;
  givenName: string | null;
  familyName: string | null;
  formattedName: string | null;
  displayName: string | null;
  title: string | null;
  created: Date;
  lastModified: Date;
}

/** What an identity provider sends of a person (a SCIM User's attributes this server keeps). */
export interface TScimPersonInput {
  userName: string;
  externalId?: string;
  active?: boolean;
  givenName?: string;
  familyName?: string;
  formattedName?: string;
  displayName?: string;
  title?: string;
}

/** What the SCIM writes need: the database, and corporate's removal and the cards' change notice. */
export interface TScimDeps {
  db: Db;
  /** `app.corporate.removeMember`: the one way a person leaves a business (offboarding). */
  removeMember(corporateAccountId: string, accountId: string): Promise<unknown>;
  cardChanged(contactId: string): Promise<void>;
}

/** Which people to read: one account, one e-mail, or all. */
export type TScimSelection = { accountId: string } | { email: string } | 'all';

/** A SCIM refusal: an AppError whose details carry the RFC 7644 §3.12 `scimType`. */
export const scimProblem = (code: 'bad_request' | 'conflict', scimType: string, message: string) =>
  new AppError(code, message, {}, { scimType });

const TEXT_LIMITS = { givenName: 100, familyName: 100, title: 150, displayName: NAME_MAX_LENGTH, formattedName: 200, externalId: 200 };

/** Checks the input's texts against the limits of the fields they fill (a card's names and title). */
function checkInput(input: TScimPersonInput): string {
  const problem = emailProblem(input.userName);
  if (problem) throw scimProblem('bad_request', 'invalidValue', `userName: must be the person's e-mail address (${problem}).`);
  for (const [field, limit] of Object.entries(TEXT_LIMITS)) {
    const value = input[field as keyof typeof TEXT_LIMITS];
    if (value !== undefined && value.length > limit) {
      const path = field === 'givenName' || field === 'familyName' ? `name.${field}` : field === 'formattedName' ? 'name.formatted' : field;
      throw scimProblem('bad_request', 'invalidValue', `${path}: at most ${limit} characters.`);
    }
  }
  return input.userName.trim().toLowerCase();
}

/** The people SCIM sees in a business (members with an e-mail, then the deprovisioned), oldest first. */
export async function findScimPeople(db: Db, corporateAccountId: string, which: TScimSelection): Promise<TScimPerson[]> {
  const account = which !== 'all' && 'accountId' in which ? eq(accounts.id, which.accountId) : undefined;
  const email = which !== 'all' && 'email' in which ? eq(accounts.email, which.email.trim().toLowerCase()) : undefined;
  const person = {
    id: accounts.id,
    userName: accounts.email,
    name: accounts.name,
    memberSince: corporateAccountMembers.createdAt,
    scim: scimUsers,
  };
  const [members, gone] = await Promise.all([
    db
      .select(person)
      .from(corporateAccountMembers)
      .innerJoin(accounts, eq(accounts.id, corporateAccountMembers.accountId))
      .leftJoin(scimUsers, and(eq(scimUsers.corporateAccountId, corporateAccountId), eq(scimUsers.accountId, accounts.id)))
      .where(and(eq(corporateAccountMembers.corporateAccountId, corporateAccountId), isNotNull(accounts.email), account, email))
      .orderBy(asc(corporateAccountMembers.createdAt), asc(accounts.id)),
    db
      .select(person)
      .from(scimUsers)
      .innerJoin(accounts, eq(accounts.id, scimUsers.accountId))
      .leftJoin(
        corporateAccountMembers,
        and(eq(corporateAccountMembers.corporateAccountId, corporateAccountId), eq(corporateAccountMembers.accountId, accounts.id)),
      )
      .where(and(eq(scimUsers.corporateAccountId, corporateAccountId), isNull(corporateAccountMembers.accountId), account, email))
      .orderBy(asc(scimUsers.createdAt), asc(accounts.id)),
  ]);
  return [...members, ...gone].map((r) => ({
    id: r.id,
    userName: r.userName!,
    externalId: r.scim?.externalId ?? null,
    active: r.memberSince !== null,
    givenName: r.scim?.givenName ?? null,
    familyName: r.scim?.familyName ?? null,
    formattedName: r.scim?.formattedName ?? (r.scim ? null : r.name),
    displayName: r.scim?.displayName ?? r.name,
    title: r.scim?.title ?? null,
    created: r.scim?.createdAt ?? r.memberSince!,
    lastModified: r.scim?.updatedAt ?? r.memberSince!,
  }));
}

/** One person of the business, or a 404. */
export async function findScimPerson(db: Db, corporateAccountId: string, accountId: string): Promise<TScimPerson> {
  const [found] = await findScimPeople(db, corporateAccountId, { accountId });
  if (!found) throw notFound('user');
  return found;
}

const scimFields = (input: TScimPersonInput) => ({
  externalId: input.externalId ?? null,
  givenName: input.givenName ?? null,
  familyName: input.familyName ?? null,
  formattedName: input.formattedName ?? null,
  displayName: input.displayName ?? null,
  title: input.title ?? null,
});

/** The name a new account gets: the display name, the formatted one, given and family, or the e-mail's local part. */
function accountName(input: TScimPersonInput, email: string): string {
  const joined = [input.givenName, input.familyName].filter(Boolean).join(' ');
  const name = (input.displayName || input.formattedName || joined || email.split('@')[0]!).trim();
  return (name.length >= 3 ? name : email).slice(0, NAME_MAX_LENGTH);
}

/**
 * POST /Users: finds the account with that e-mail or creates it, and makes it a member of the
 * business (`active: false` records the person without membership). 409 `uniqueness` when the
 * business already has that person. The card fields flow as on a change.
 */
export async function createScimPerson(deps: TScimDeps, corporateAccountId: string, input: TScimPersonInput): Promise<TScimPerson> {
  const email = checkInput(input);
  const uniqueness = () => scimProblem('conflict', 'uniqueness', `userName: ${email} is already a user of this business.`);
  const accountId = await deps.db
    .transaction(async (tx) => {
      const [known] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, email)).limit(1);
      const id =
        known?.id ??
        (
          await tx
            .insert(accounts)
            .values({ name: accountName(input, email), email })
            .returning()
        )[0]!.id;
      if (known && (await findScimPeople(tx, corporateAccountId, { accountId: id })).length > 0) throw uniqueness();
      await tx.insert(scimUsers).values({ corporateAccountId, accountId: id, active: input.active !== false, ...scimFields(input) });
      if (input.active !== false) await tx.insert(corporateAccountMembers).values({ corporateAccountId, accountId: id, role: 'member' });
      return id;
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? uniqueness() : error;
    });
  await flowIntoCards(deps, corporateAccountId, accountId, {}, input);
  return findScimPerson(deps.db, corporateAccountId, accountId);
}

/**
 * PUT /Users/{id} (and PATCH, once applied): replaces what SCIM keeps of the person. `active:
 * false` offboards through corporate's removeMember (409 for the business's last admin);
 * `active: true` makes them a member again. The e-mail is the account's sign-in: a different
 * userName is refused (400 `mutability`). Changed names and title flow into the linked cards.
 */
export async function replaceScimPerson(
  deps: TScimDeps,
  corporateAccountId: string,
  accountId: string,
  input: TScimPersonInput,
): Promise<TScimPerson> {
  const email = checkInput(input);
  const before = await findScimPerson(deps.db, corporateAccountId, accountId);
  if (email !== before.userName) {
    throw scimProblem(
      'bad_request',
      'mutability',
      `userName: is the person's sign-in e-mail (${before.userName}) and cannot be changed over SCIM.`,
    );
  }
  const active = input.active ?? before.active;
  if (before.active && !active) await deps.removeMember(corporateAccountId, accountId);
  await deps.db.transaction(async (tx) => {
    const row = { ...scimFields(input), active, updatedAt: new Date() };
    await tx
      .insert(scimUsers)
      .values({ corporateAccountId, accountId, ...row, createdAt: before.created })
      .onConflictDoUpdate({ target: [scimUsers.corporateAccountId, scimUsers.accountId], set: row });
    if (!before.active && active) {
      await tx.insert(corporateAccountMembers).values({ corporateAccountId, accountId, role: 'member' }).onConflictDoNothing();
    }
  });
  if (active) await flowIntoCards(deps, corporateAccountId, accountId, before, input);
  return findScimPerson(deps.db, corporateAccountId, accountId);
}

/** DELETE /Users/{id}: offboards a member through removeMember and forgets what SCIM kept of them. */
export async function deleteScimPerson(deps: TScimDeps, corporateAccountId: string, accountId: string): Promise<void> {
  const person = await findScimPerson(deps.db, corporateAccountId, accountId);
  if (person.active) await deps.removeMember(corporateAccountId, accountId);
  await deps.db.delete(scimUsers).where(and(eq(scimUsers.corporateAccountId, corporateAccountId), eq(scimUsers.accountId, accountId)));
}

/**
 * A changed given name, family name or title (one the identity provider sends now and did not
 * before) is written into the person's cards linked to the business: first name, last name,
 * job title, as a member could edit them. Each card's change notice follows.
 */
async function flowIntoCards(
  deps: TScimDeps,
  corporateAccountId: string,
  accountId: string,
  before: Partial<Pick<TScimPerson, 'givenName' | 'familyName' | 'title'>>,
  input: TScimPersonInput,
): Promise<void> {
  const changed = (next: string | undefined, prev: string | null | undefined) => (next && next !== prev ? next : undefined);
  const set = {
    firstName: changed(input.givenName, before.givenName),
    lastName: changed(input.familyName, before.familyName),
    jobTitle: changed(input.title, before.title),
  };
  if (!set.firstName && !set.lastName && !set.jobTitle) return;
  const [business] = await deps.db
    .select({ profileId: corporateAccounts.corporateProfileId })
    .from(corporateAccounts)
    .where(eq(corporateAccounts.id, corporateAccountId));
  if (!business) return;
  const cards = await deps.db
    .update(virtualContacts)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(virtualContacts.ownerAccountId, accountId), eq(virtualContacts.corporateProfileId, business.profileId)))
    .returning({ id: virtualContacts.id });
  for (const card of cards) await deps.cardChanged(card.id);
}
