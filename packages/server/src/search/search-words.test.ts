/**
 * Issue 28: the words of the cards linked to a business (migration 0040), through which a search
 * finds the cards of the businesses it reaches. They follow every change of the card's text or
 * business, whoever writes it (the owner's edit through the API, a direct update, the foreign
 * key's set null, a deletion); the cards stored before the migration get theirs from the fill that
 * runs after the start; and the search answers as it did when it read every match, each card once,
 * with every searched word, whichever word is the common one.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { TSearchResult } from '@vbc/shared';
import {
  accountRecents,
  cardSearchWords,
  cardSearchWordsFill,
  corporateProfiles,
  searchWords,
  virtualContacts,
} from '../platform/db/schema/index.ts';
import type { Db } from '../platform/db/client.ts';
import { describeEachDatabase } from '../test/app.ts';
import { buildAccount, buildCard } from '../test/factories.ts';
import { buildBusiness, buildLinkedCard } from '../test/directories-support.ts';
import { fillCardSearchWords } from './fill-search-words.ts';
import { SEARCH_CANDIDATES, searchQuery } from './search-cards.ts';

const token = () => `zw${randomBytes(4).toString('hex')}`;

describeEachDatabase('the words of linked cards, as search finds them', (ctx) => {
  const app = (): FastifyInstance => ctx.app;
  /** The card's words and their business, sorted. */
  const wordsOf = async (cardId: string) =>
    (
      await app()
        .db.select({ word: cardSearchWords.word, profile: cardSearchWords.corporateProfileId })
        .from(cardSearchWords)
        .where(eq(cardSearchWords.cardId, cardId))
    )
      .map((row) => `${row.word}@${row.profile}`)
      .sort();
  const expectWords = async (cardId: string, profile: string, words: string[]) =>
    expect(await wordsOf(cardId)).toEqual(words.map((word) => `${word}@${profile}`).sort());
  /** First names found by the service, best first, ranking at most `candidates`. */
  const found = async (accountId: string, q: string, candidates?: number) =>
    (JSON.parse(await app().cardSearch.searchCards(accountId, q, candidates)) as TSearchResult).results.map((c) => c.firstName);

  it("are the card's text between spaces, each once, kept through every edit of its text or business, and gone with it", async () => {
    const owner = await buildAccount(app());
    const reader = await buildAccount(app());
    const t = token();
    const first = await buildBusiness(app(), { isPublic: true });
    const second = await buildBusiness(app(), { isPublic: true });
    const card = await buildCard(
      app(),
      { firstName: 'Ana', lastName: `Reyes${t}`, jobTitle: null, organization: `Reyes${t}  Co` },
      {
        ownerAccountId: owner.account.id,
      },
    );
    // Not linked: no words (it is found through recents and folders by id).
    expect(await wordsOf(card.id)).toEqual([]);

    await app().db.update(virtualContacts).set({ corporateProfileId: first.corporateProfileId }).where(eq(virtualContacts.id, card.id));
    await expectWords(card.id, first.corporateProfileId, ['ana', `reyes${t}`, 'co']);
    const vocabulary = await app()
      .db.select()
      .from(searchWords)
      .where(inArray(searchWords.word, ['ana', `reyes${t}`, 'co']));
    expect(vocabulary).toHaveLength(3);
    expect(await found(reader.account.id, `reyes${t}`)).toEqual(['Ana']);

    const edit = await app().inject({
      method: 'PUT',
      url: `/api/vbc/virtualcontact/${card.id}`,
      headers: owner.headers,
      payload: { firstName: 'Ana María', jobTitle: `Head of Sales ${t}` },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    await expectWords(card.id, first.corporateProfileId, ['ana', 'maría', `reyes${t}`, 'head', 'of', 'sales', t, 'co']);
    expect(await found(reader.account.id, `maría ${t}`)).toEqual(['Ana María']);

    // A write of other columns leaves the words alone (no trigger runs: the rows are the same ones).
    const rowsNow = async () =>
      (
        (await app().db.execute(sql`select ctid::text from card_search_words where card_id = ${card.id} order by ctid`)) as unknown as {
          rows: unknown[];
        }
      ).rows;
    const before = await rowsNow();
    await app()
      .db.update(virtualContacts)
      .set({ viewCount: sql`${virtualContacts.viewCount} + 1`, biography: 'New.' })
      .where(eq(virtualContacts.id, card.id));
    expect(await rowsNow()).toEqual(before);
    // Each of the text's columns alone.
    for (const [column, value, words] of [
      ['firstName', 'Bea', ['bea', `reyes${t}`, 'head', 'of', 'sales', t, 'co']],
      ['lastName', `Cruz${t}`, ['bea', `cruz${t}`, 'head', 'of', 'sales', t, `reyes${t}`, 'co']],
      ['jobTitle', 'Chief', ['bea', `cruz${t}`, 'chief', `reyes${t}`, 'co']],
      ['organization', `Tan${t}`, ['bea', `cruz${t}`, 'chief', `tan${t}`]],
    ] as const) {
      await app()
        .db.update(virtualContacts)
        .set({ [column]: value })
        .where(eq(virtualContacts.id, card.id));
      await expectWords(card.id, first.corporateProfileId, [...words]);
    }

    await app().db.update(virtualContacts).set({ corporateProfileId: second.corporateProfileId }).where(eq(virtualContacts.id, card.id));
    await expectWords(card.id, second.corporateProfileId, ['bea', `cruz${t}`, 'chief', `tan${t}`]);
    // The business profile removed under the card (the foreign key's set null): its words go.
    await app().db.delete(corporateProfiles).where(eq(corporateProfiles.id, second.corporateProfileId));
    expect(await wordsOf(card.id)).toEqual([]);
    expect(await found(reader.account.id, `tan${t}`)).toEqual([]);

    // Inserted already linked (a business's own card, the bench's load).
    const inserted = await buildCard(
      app(),
      { firstName: 'Linked', lastName: `At${t}`, jobTitle: null, organization: null },
      { corporateProfileId: first.corporateProfileId },
    );
    await expectWords(inserted.id, first.corporateProfileId, ['linked', `at${t}`]);
    await app().db.delete(virtualContacts).where(eq(virtualContacts.id, inserted.id));
    expect(await wordsOf(inserted.id)).toEqual([]);
  });

  it('a search answers each card once, with every word, found by id and by word alike', async () => {
    const reader = await buildAccount(app());
    const t = token();
    const team = await buildBusiness(app(), { isPublic: true });
    // Two of its words contain the searched one, and the reader viewed it too: found three ways, answered once.
    const twice = await buildLinkedCard(app(), team.corporateProfileId, { firstName: 'Annabel', lastName: `Ann${t}`, organization: null });
    await app().db.insert(accountRecents).values({ accountId: reader.account.id, contactId: twice.id, viewedAt: new Date() });
    // Seen only (no business): found by id alone.
    const viewed = await buildCard(app(), { firstName: 'Viewed', lastName: `Ann${t}` });
    await app().db.insert(accountRecents).values({ accountId: reader.account.id, contactId: viewed.id, viewedAt: new Date() });
    expect((await found(reader.account.id, `ann${t}`)).sort()).toEqual(['Annabel', 'Viewed']);
    expect(await found(reader.account.id, `ann ${t}`)).toHaveLength(2);

    // The longest word is the common one, and only one card holds the other: ranking 2 candidates still finds it,
    // since a card is a candidate only once it has every word.
    for (let i = 0; i < 5; i++)
      await buildLinkedCard(app(), team.corporateProfileId, { firstName: `Common${i}`, lastName: `Widespread${t}` });
    await buildLinkedCard(app(), team.corporateProfileId, { firstName: 'Rare', lastName: `Widespread${t}`, jobTitle: 'Zed' });
    expect(await found(reader.account.id, `zed widespread${t}`, 2)).toEqual(['Rare']);
    expect(await found(reader.account.id, `widespread${t}`, 2)).toHaveLength(2);
  });

  it('a search ranks the cards of the closest words first: the searched word itself before longer words containing it', async () => {
    const reader = await buildAccount(app());
    const t = token();
    const team = await buildBusiness(app(), { isPublic: true });
    // The longer words are written first (they lie first in the table and its trigram index), and
    // alphabetically one comes before the word itself.
    for (const prefix of ['a', 'b', 'c'])
      await buildLinkedCard(app(), team.corporateProfileId, { firstName: 'Longer', lastName: `${prefix}${t}` });
    await buildLinkedCard(app(), team.corporateProfileId, { firstName: 'Exact', lastName: t });
    // Ranking 2 candidates: the card holding the word itself, then the first of the next-shortest words.
    expect(await found(reader.account.id, t, 2)).toEqual(['Exact', 'Longer']);
    expect(await found(reader.account.id, t)).toEqual(['Exact', 'Longer', 'Longer', 'Longer']);
  });

  it('a word without three letters in a row (no trigram) finds the same cards, the vocabulary read in order', async () => {
    const reader = await buildAccount(app());
    const t = token();
    const team = await buildBusiness(app(), { isPublic: true });
    await buildLinkedCard(app(), team.corporateProfileId, { firstName: 'Ŋŧ', lastName: `One${t}` });
    await buildLinkedCard(app(), team.corporateProfileId, { firstName: 'Aŋŧb', lastName: `Two${t}` });
    await buildLinkedCard(app(), team.corporateProfileId, { firstName: 'Ŋa', lastName: `Three${t}` });
    expect((await found(reader.account.id, 'ŋŧ')).sort()).toEqual(['Aŋŧb', 'Ŋŧ']);
    expect(await found(reader.account.id, `ŋŧ one${t}`)).toEqual(['Ŋŧ']);
    expect((await found(reader.account.id, 'Ŋ ŧ')).sort()).toEqual(['Aŋŧb', 'Ŋŧ']);
  });

  it('the fill writes the words of the linked cards stored before the migration, a batch at a time, and then has nothing to do', async () => {
    const reader = await buildAccount(app());
    const t = token();
    const team = await buildBusiness(app(), { isPublic: true });
    const cards = [
      await buildLinkedCard(app(), team.corporateProfileId, { firstName: 'Before', lastName: `One${t}` }),
      await buildLinkedCard(app(), team.corporateProfileId, { firstName: 'Before', lastName: `Two${t}` }),
    ];
    const ids = cards.map((c) => c.id);
    const expected = await Promise.all(ids.map(wordsOf));
    // As migration 0040 leaves the cards stored before it: no words, and the fill's row.
    await app().db.delete(cardSearchWords).where(inArray(cardSearchWords.cardId, ids));
    await app().db.delete(cardSearchWordsFill);
    await app().db.insert(cardSearchWordsFill).values({ afterCardId: null });
    expect(await found(reader.account.id, `one${t}`)).toEqual([]);
    const updatedAt = await app()
      .db.select({ updatedAt: virtualContacts.updatedAt })
      .from(virtualContacts)
      .where(inArray(virtualContacts.id, ids));

    // Other tests' linked cards are in the database too: fill until the fill's row is gone.
    expect(await fillCardSearchWords(app().db, 1)).toBe(1);
    expect(await app().db.select().from(cardSearchWordsFill)).toHaveLength(1);
    while ((await fillCardSearchWords(app().db, 50)) === 50);
    expect(await app().db.select().from(cardSearchWordsFill)).toEqual([]);
    expect(await fillCardSearchWords(app().db)).toBe(0);

    expect(await Promise.all(ids.map(wordsOf))).toEqual(expected);
    expect(await found(reader.account.id, `one${t}`)).toEqual(['Before']);
    expect(
      await app().db.select({ updatedAt: virtualContacts.updatedAt }).from(virtualContacts).where(inArray(virtualContacts.id, ids)),
    ).toEqual(updatedAt);
    // Every linked card has its words again (none left out by the walk in id order).
    const missing = await app()
      .db.select({ id: virtualContacts.id })
      .from(virtualContacts)
      .where(
        and(
          sql`${virtualContacts.corporateProfileId} is not null`,
          sql`not exists (select 1 from ${cardSearchWords} where ${cardSearchWords.cardId} = ${virtualContacts.id})`,
          sql`${virtualContacts}.search_text <> ''`,
        ),
      );
    expect(missing).toEqual([]);
  });

  it("the product's search, planned once for any words, reads a large vocabulary through its trigram index, never in order, and the reach only when a word matched", async () => {
    // 20,000 words, as a deployment's names, organizations and titles make: read as a table under the
    // search's limit, the plan made once read the vocabulary in order (a sequential scan) expecting
    // early matches, and a rare word read it all.
    const many = sql`select 'zv' || md5(i::text) from generate_series(1, 20000) i`;
    await app().db.execute(sql`insert into ${searchWords} (word) ${many}`);
    try {
      await app().db.execute(sql`analyze ${searchWords}`);
      // A reader who reaches a business, so that the words are looked up (with none, nothing is read).
      const reader = await buildAccount(app());
      await buildBusiness(app(), { isPublic: true });
      const values = { accountId: reader.account.id, q: 'qzxv', w0: '%qzxv%' };
      // How often this backend has read the vocabulary and the businesses, in order and by an index
      // (pg_stat_xact_user_tables, PostgreSQL and PGlite alike; counted since the last flush of its
      // statistics, so the runs are told by the difference).
      const scans = async (tx: Db) => {
        const result = (await tx.execute(
          sql`select relname as "table", seq_scan::int as "inOrder", idx_scan::int as "byIndex" from pg_stat_xact_user_tables
               where relname in ('search_words', 'corporate_accounts') order by relname`,
        )) as unknown as { rows: { table: string; inOrder: number; byIndex: number }[] };
        return result.rows;
      };
      const read = await app().db.transaction(async (tx) => {
        await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
        // Run as the product runs it: a named statement, its plan made once for any words (the
        // functions' statements too, under this setting, from their first run).
        const search = searchQuery(tx, 1, SEARCH_CANDIDATES, true).prepare(`search_plan_test_${randomBytes(4).toString('hex')}`);
        const before = await scans(tx);
        for (let i = 0; i < 7; i++) expect(await search.execute(values)).toEqual([]);
        return (await scans(tx)).map((after, i) => ({
          table: after.table,
          inOrder: after.inOrder - before[i]!.inOrder,
          byIndex: after.byIndex - before[i]!.byIndex,
        }));
      });
      // No word holds `qzxv` (the words are hexadecimal): the businesses reached were never read.
      expect(read).toEqual([
        { table: 'corporate_accounts', inOrder: 0, byIndex: 0 },
        { table: 'search_words', inOrder: 0, byIndex: 7 },
      ]);
    } finally {
      await app().db.execute(sql`delete from ${searchWords} where word in (${many})`);
    }
  });

  it("the vocabulary is looked up by its trigram index, and a word's cards in a business by the key (the planner can use them)", async () => {
    const plan = (query: SQL) =>
      app().db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const result = (await tx.execute(sql`explain ${query}`)) as unknown as { rows: { 'QUERY PLAN': string }[] };
        return result.rows.map((r) => r['QUERY PLAN']).join('\n');
      });
    expect(await plan(sql`select word from ${searchWords} where word like ${'%mar%'}`)).toContain('search_words_trgm_idx');
    expect(
      await plan(
        sql`select card_id from ${cardSearchWords} where word = ${'maria'} and corporate_profile_id = ${'00000000-0000-4000-8000-000000000000'}::uuid`,
      ),
    ).toContain('card_search_words_word_corporate_profile_id_card_id_pk');
  });
});
