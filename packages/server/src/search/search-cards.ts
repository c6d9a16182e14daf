import { and, asc, desc, eq, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { TCardSummary } from '@vbc/shared';
import type { Db } from '../platform/db/client.ts';
import { preparedQuery } from '../platform/db/prepared.ts';
import {
  accountRecents,
  corporateAccountMembers,
  corporateAccounts,
  corporateFollowers,
  directoryFolderCards,
  directoryFolders,
  virtualContacts,
} from '../platform/db/schema/index.ts';
import { cardSummaryColumns, presentCardSummary } from '../cards/index.ts';

/** Most results one search answers with. */
export const SEARCH_LIMIT = 50;

/**
 * What a search looks in: the name, job title and organization, lower-cased, stored by
 * PostgreSQL in `virtual_contacts.search_text` (a generated column, migration 0013) and covered
 * by the trigram index `virtual_contacts_search_reach_idx` (with the card's business profile as
 * its second column, migration 0030), on PostgreSQL and PGlite alike.
 */
export const searchedText = sql`${virtualContacts}.search_text`;

/** `word` as a LIKE pattern matching it anywhere, its wildcards taken literally. */
const anywhere = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Every word of `q` (ignoring case) somewhere in a card's name, job title or organization, as a
 * search matches (a directory's filter); undefined when `q` has no word.
 */
export function cardTextMatches(q: string): SQL | undefined {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  return words.length ? and(...words.map((word) => sql`${searchedText} like ${anywhere(word)}`)) : undefined;
}

/**
 * The search for `wordCount` words (placeholders w0…, and `q` for the similarity), among what the
 * account (`accountId`) reaches; prepared once per word count (a search is typed letter by letter).
 */
function buildSearch(db: Db, wordCount: number) {
  const accountId = sql.placeholder('accountId');
  const recents = db.select({ id: accountRecents.contactId }).from(accountRecents).where(eq(accountRecents.accountId, accountId));
  const inFolders = db
    .select({ id: directoryFolderCards.contactId })
    .from(directoryFolderCards)
    .innerJoin(directoryFolders, eq(directoryFolders.id, directoryFolderCards.folderId))
    .where(eq(directoryFolders.accountId, accountId));
  const memberOf = db
    .select({ id: corporateAccountMembers.corporateAccountId })
    .from(corporateAccountMembers)
    .where(eq(corporateAccountMembers.accountId, accountId));
  const follows = db
    .select({ id: corporateFollowers.corporateAccountId })
    .from(corporateFollowers)
    .where(eq(corporateFollowers.accountId, accountId));
  const openBusinesses = db
    .select({ profileId: corporateAccounts.corporateProfileId })
    .from(corporateAccounts)
    .where(
      or(eq(corporateAccounts.directoryPublic, true), inArray(corporateAccounts.id, memberOf), inArray(corporateAccounts.id, follows)),
    );
  const matches: SQL[] = Array.from({ length: wordCount }, (_, i) => sql`${searchedText} like ${sql.placeholder(`w${i}`)}`);
  // What the account reaches, each as an array read once (`= any(array(…))`, not `in (…)`): the
  // planner can then look each up in an index together with the words, the businesses in
  // virtual_contacts_search_reach_idx (words and business in one scan), recents and folders by
  // id, and fetch only the reachable matches. With `in`, every card matching the words was
  // fetched first and those out of reach dropped after (a common name: 50,000 of a million).
  const reached = (column: SQLWrapper, ids: SQLWrapper) => sql`${column} = any(array(${ids}))`;
  return db
    .select(cardSummaryColumns)
    .from(virtualContacts)
    .where(
      and(
        ...matches,
        or(
          reached(virtualContacts.id, recents),
          reached(virtualContacts.id, inFolders),
          reached(virtualContacts.corporateProfileId, openBusinesses),
        ),
      ),
    )
    .orderBy(
      desc(sql`similarity(${searchedText}, ${sql.placeholder('q')})`),
      asc(virtualContacts.firstName),
      asc(virtualContacts.lastName),
      asc(virtualContacts.id),
    )
    .limit(SEARCH_LIMIT)
    .prepare(`card_search_${wordCount}`);
}
const searches = new Map<number, ReturnType<typeof preparedQuery<ReturnType<typeof buildSearch>>>>();
const searchOf = (db: Db, wordCount: number) => {
  let search = searches.get(wordCount);
  if (search === undefined) searches.set(wordCount, (search = preparedQuery((handle) => buildSearch(handle, wordCount))));
  return search(db);
};

/**
 * GET /api/vbc/search: cards whose name, job title or organization contain every word of `q`
 * (ignoring case), among the account's recently viewed cards, its folders, the businesses it
 * belongs to or follows, and every public team directory. Best matches first (trigram
 * similarity), at most SEARCH_LIMIT.
 */
export async function searchCards(db: Db, accountId: string, q: string): Promise<TCardSummary[]> {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const values: Record<string, string> = { accountId, q: words.join(' ') };
  words.forEach((word, i) => (values[`w${i}`] = anywhere(word)));
  const rows = await searchOf(db, words.length).execute(values);
  return rows.map(presentCardSummary);
}
