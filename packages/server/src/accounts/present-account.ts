import { eq, sql } from 'drizzle-orm';
import type { TPersonalAccount, TPetSummary } from '@vbc/shared';
import type { TLocale } from '@vbc/shared/i18n/locales';
import type { Db } from '../platform/db/client.ts';
import { askedAccounts, batchedStatement, oneByElement } from '../platform/db/batched-statement.ts';
import { preparedQuery } from '../platform/db/prepared.ts';
import { qualified } from '../platform/db/qualified.ts';
import { accounts, virtualContacts, virtualPets } from '../platform/db/schema/index.ts';
import { notFound } from '../platform/errors/app-error.ts';
import { cardSummaryJson, presentCardSummary, type CardSummaryRow } from '../cards/index.ts';

type TPetRow = { id: string; name: string; pictureDisplayItemId: string | null };

/**
 * Each account of a batch with its cards and pets, oldest first, in one statement (each list a
 * `json_agg`): every screen of the app reads it, so it is one round trip, prepared once, and
 * batched (platform/db/batched-statement.ts): the reads that meet under load are one statement over the
 * array of their accounts, one answer per element (`n`), null for an account that is not there.
 */
const accountsWithCardsAndPets = batchedStatement(
  preparedQuery((db) =>
    db
      .select({
        n: sql<number>`asked.n`,
        id: accounts.id,
        name: accounts.name,
        email: accounts.email,
        phoneNumber: accounts.phoneNumber,
        language: accounts.language,
        cards: sql<
          CardSummaryRow[]
        >`(select coalesce(json_agg(${cardSummaryJson} order by ${virtualContacts.createdAt}, ${virtualContacts.id}), '[]'::json) from ${virtualContacts} where ${virtualContacts.ownerAccountId} = ${qualified(accounts.id)})`,
        pets: sql<
          TPetRow[]
        >`(select coalesce(json_agg(json_build_object('id', ${virtualPets.id}, 'name', ${virtualPets.name}, 'pictureDisplayItemId', ${virtualPets.pictureDisplayItemId}) order by ${virtualPets.createdAt}, ${virtualPets.id}), '[]'::json) from ${virtualPets} where ${virtualPets.ownerAccountId} = ${qualified(accounts.id)})`,
      })
      .from(askedAccounts)
      .innerJoin(accounts, eq(accounts.id, sql`asked.account_id`))
      .prepare('present_accounts'),
  ),
  async (statement, accountIds: readonly string[]) =>
    oneByElement(accountIds.length, await statement.execute({ accountIds }), (row) => row, null),
);

/**
 * docs/contracts.md §3 personal account with the summaries of its cards and pets, oldest first: one
 * batched read (`accountsWithCardsAndPets`).
 */
export async function presentAccount(db: Db, accountId: string): Promise<TPersonalAccount> {
  const account = await accountsWithCardsAndPets(db, accountId);
  if (!account) throw notFound('account');
  return {
    accountId: account.id,
    accountName: account.name,
    accountPhoneNumber: account.phoneNumber,
    accountEmail: account.email,
    language: account.language,
    virtualContacts: account.cards.map(presentCardSummary),
    virtualPets: account.pets.map((p): TPetSummary => ({
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

/** Keeps the person's language (Settings, issue 31); null: their devices' languages decide again. */
export async function setAccountLanguage(db: Db, accountId: string, language: TLocale | null): Promise<TPersonalAccount> {
  await db.update(accounts).set({ language }).where(eq(accounts.id, accountId));
  return presentAccount(db, accountId);
}
