import { asc, eq } from 'drizzle-orm';
import type { TPersonalAccount, TPetSummary } from '@vbc/shared';
import type { Db } from '../platform/db/client.ts';
import { accounts, virtualContacts, virtualPets } from '../platform/db/schema/index.ts';
import { notFound } from '../platform/errors/app-error.ts';
import { presentCardSummary } from '../cards/index.ts';

/** docs/contracts.md §3 personal account with the summaries of its cards and pets, oldest first. */
export async function presentAccount(db: Db, accountId: string): Promise<TPersonalAccount> {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  if (!account) throw notFound('account');
  const cards = await db
    .select()
    .from(virtualContacts)
    .where(eq(virtualContacts.ownerAccountId, accountId))
    .orderBy(asc(virtualContacts.createdAt), asc(virtualContacts.id));
  const pets = await db
    .select({ id: virtualPets.id, name: virtualPets.name, pictureDisplayItemId: virtualPets.pictureDisplayItemId })
    .from(virtualPets)
    .where(eq(virtualPets.ownerAccountId, accountId))
    .orderBy(asc(virtualPets.createdAt), asc(virtualPets.id));
  return {
    accountId: account.id,
    accountName: account.name,
    accountPhoneNumber: account.phoneNumber,
    accountEmail: account.email,
    virtualContacts: cards.map(presentCardSummary),
    virtualPets: pets.map((p): TPetSummary => ({
      virtualPetId: p.id,
      id: p.id,
      name: p.name,
      pictureDisplayItemId: p.pictureDisplayItemId,
    })),
  };
}

/** Renames the account (Settings). */
export async function renameAccount(db: Db, accountId: string, name: string): Promise<TPersonalAccount> {
  await db.update(accounts).set({ name }).where(eq(accounts.id, accountId));
  return presentAccount(db, accountId);
}
