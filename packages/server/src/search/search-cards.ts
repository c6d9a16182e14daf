import { and, asc, desc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { preparedQuery } from '../platform/db/prepared.ts';
import { cardSearchWords, searchWords, virtualContacts } from '../platform/db/schema/index.ts';
import { storedCardSummaryJson } from '../cards/index.ts';

/** Most results one search answers with. */
export const SEARCH_LIMIT = 50;

/**
 * Most matching cards one search ranks: the first SEARCH_CANDIDATES it finds among what the
 * account reaches, best first among those. Ranking reads each match's row (its similarity): on
 * the deployment bench's data a common name (5,000 reachable matches) took 23 ms of the database
 * a search, and the first letters typed more (`m` 172 ms, `ma` 112 ms). With 500, `maria` took
 * 6.6–7.2 ms of the database (EXPLAIN ANALYZE: 1.6 ms reading the 500 rows, 1.7 ms their
 * similarity); with 100, 4.4–5.3 ms, and 19–44% more such searches a second
 * (docs/benchmarks.md). A search with fewer matches (most, once a surname is typed) ranks them all.
 */
export const SEARCH_CANDIDATES = 100;

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
 * The search for `wordCount` words (placeholders w0…, the longest first, and `q` for the
 * similarity), among what the account (`accountId`) reaches, ranking at most `cap` matches;
 * prepared once per word count, and whether the longest word has a trigram (a search is typed
 * letter by letter). The cap is written into the statement, not a placeholder, so that
 * PostgreSQL's plan is costed with it.
 *
 * The matches are found two ways, and the first `cap` of both ranked:
 * - the cards the account viewed or saved, by id, those with every word;
 * - the cards of the businesses it reaches, through the vocabulary (migration 0040): the words
 *   of linked cards that contain the longest searched word (search_words), closest first (the
 *   shortest: the word itself when a card holds it), then for each word and each business, that
 *   business's cards holding it (card_search_words), read until `cap` have every word. A common
 *   name reads its few words and as many cards as it ranks, where the trigram index of the cards
 *   read the entries of every match in reach and of the businesses (`maria`: 5,000 matches, 4–7 ms
 *   of the database).
 * A card found both ways, or through two of its words, is ranked once.
 *
 * Its plan does not depend on the words (the vocabulary is looked up by its index or, for a word
 * without a trigram, read in order: two statements), so it is planned once per connection, as
 * the other named statements are. Planned on every run, as the trigram index of the cards needed
 * (a rare word's plan read far less there), planning was most of a one-match search. This is the
 * query before it is prepared (a test runs it with its plan made once).
 */
export function searchQuery(db: Db, wordCount: number, cap: number, byTrigrams: boolean) {
  if (!Number.isSafeInteger(cap) || cap < 1) throw new Error(`search: the cap must be a positive integer, not ${cap}`);
  const accountId = sql.placeholder('accountId');
  const matches: SQL[] = Array.from({ length: wordCount }, (_, i) => sql`${searchedText} like ${sql.placeholder(`w${i}`)}`);
  // The cards of the account's recents and folders, as an array read once a search (an InitPlan)
  // by a database function (migration 0035); the business profiles it reaches are read by
  // search_reached_profiles, below.
  const reachedCards = sql`(select search_reached_cards(${accountId}))::uuid[]`;
  const fields = {
    id: virtualContacts.id,
    firstName: virtualContacts.firstName,
    lastName: virtualContacts.lastName,
    searchText: sql<string>`${searchedText}`.as('search_text'),
    json: sql<string>`${storedCardSummaryJson.jsonText}`.as('json'),
  };
  const viewedOrSaved = db
    .select(fields)
    .from(virtualContacts)
    .where(and(...matches, sql`${virtualContacts.id} = any(${reachedCards})`));
  // Each word of the vocabulary containing w0 with each business reached, as `places.word` and
  // `places.profile_id`, word by word. A word with a trigram: its words first, through the trigram
  // index, closest first, by a database function (migrations 0041 and 0042) that reads the reach
  // only when some word matched. Read as a table joined under the limit, the plan made once for
  // any values read the vocabulary in order, expecting to meet `cap` matches early: with 290,000
  // words a search for a rare word read them all, 65–96 ms where the index takes 0.2 ms
  // (docs/benchmarks.md). A word without three letters in a row has no trigram: the trigram index
  // would read all of itself before the first word was found (113 ms for `a` in 290,000 words), so
  // the table is read in order, which gives its first words at once (the index is not used for an
  // expression), beside the reach as an array read once a search (an InitPlan).
  const w0 = sql.placeholder('w0');
  const places = byTrigrams
    ? sql`search_word_businesses(${w0}, ${accountId}) as places(word, profile_id)`
    : sql`(select ${searchWords.word} as word, reached.profile_id from ${searchWords}
            cross join unnest((select search_reached_profiles(${accountId}))::uuid[]) as reached(profile_id)
           where (${searchWords.word} || '') like ${w0}) as places`;
  // For each place (a word of the vocabulary with w0 in it, a business reached), that business's cards
  // holding the word (the index's two leading columns, equal), read until `cap` have every word.
  // With the businesses as `= any` instead, the index's entries for the word in every reached
  // business were all read first (`maria`: 5,000 to rank 100).
  const holdingTheWord = db
    .select(fields)
    .from(cardSearchWords)
    .innerJoin(virtualContacts, eq(virtualContacts.id, cardSearchWords.cardId))
    .where(and(sql`${cardSearchWords.word} = places.word`, sql`${cardSearchWords.corporateProfileId} = places.profile_id`, ...matches))
    .limit(sql.raw(String(cap)) as unknown as Placeholder)
    .as('holding');
  const inReachedBusinesses = db
    .select({ ...holdingTheWord._.selectedFields })
    .from(places)
    .crossJoinLateral(holdingTheWord);
  const found = viewedOrSaved
    .unionAll(inReachedBusinesses)
    // A literal limit (drizzle takes a placeholder or a number, and makes a number a parameter).
    .limit(sql.raw(String(cap)) as unknown as Placeholder)
    .as('found');
  const candidates = db
    .selectDistinctOn([found.id], { ...found._.selectedFields })
    .from(found)
    .orderBy(found.id)
    .as('candidates');
  return db
    .select({ json: candidates.json })
    .from(candidates)
    .orderBy(
      desc(sql`similarity(${candidates.searchText}, ${sql.placeholder('q')})`),
      asc(candidates.firstName),
      asc(candidates.lastName),
      asc(candidates.id),
    )
    .limit(SEARCH_LIMIT);
}
const buildSearch = (db: Db, wordCount: number, cap: number, byTrigrams: boolean) =>
  searchQuery(db, wordCount, cap, byTrigrams).prepare(`card_search_${wordCount}_${cap}_${byTrigrams ? 'trigrams' : 'scan'}`);
const searches = new Map<string, ReturnType<typeof preparedQuery<ReturnType<typeof buildSearch>>>>();
const searchOf = (db: Db, wordCount: number, candidates: number, byTrigrams: boolean) => {
  const key = `${wordCount}:${candidates}:${byTrigrams}`;
  let search = searches.get(key);
  if (search === undefined) searches.set(key, (search = preparedQuery((handle) => buildSearch(handle, wordCount, candidates, byTrigrams))));
  return search(db);
};

/** Three letters or digits in a row: what pg_trgm makes a trigram of (it splits words at anything else). */
const HAS_TRIGRAM = /[\p{L}\p{N}]{3}/u;

/**
 * GET /api/vbc/search: cards whose name, job title or organization contain every word of `q`
 * (ignoring case), among the account's recently viewed cards, its folders, the businesses it
 * belongs to or follows, and every public team directory. Best matches first (trigram
 * similarity) among the first `candidates` found (SEARCH_CANDIDATES), at most SEARCH_LIMIT. The
 * answer is the JSON text of TSearchResult, each card its summary as the database keeps it
 * (storedCardSummaryJson), sent as it comes: never parsed, presented and written again.
 */
export async function searchCards(db: Db, accountId: string, q: string, candidates = SEARCH_CANDIDATES): Promise<string> {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '{"results":[]}';
  const values: Record<string, string> = { accountId, q: words.join(' ') };
  // The longest word first: the vocabulary is looked up by w0, and the longer it is, the fewer words contain it.
  const longestFirst = [...words].sort((a, b) => b.length - a.length);
  longestFirst.forEach((word, i) => (values[`w${i}`] = anywhere(word)));
  const rows = await searchOf(db, words.length, candidates, HAS_TRIGRAM.test(longestFirst[0]!)).execute(values);
  return `{"results":[${rows.map((row) => row.json).join(',')}]}`;
}
