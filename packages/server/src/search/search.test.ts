import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import type { TSearchResult } from '@vbc/shared';
import { describeEachDatabase } from '../test/app.ts';
import { buildAccount, buildCard } from '../test/factories.ts';
import { accountRecents, corporateFollowers } from '../platform/db/schema/index.ts';
import { buildBusiness, buildLinkedCard } from '../test/directories-support.ts';
import { SEARCH_CANDIDATES, SEARCH_LIMIT, searchedText } from './search-cards.ts';

const token = () => `zq${randomBytes(4).toString('hex')}`;

describeEachDatabase('card search', (ctx) => {
  const search = async (headers: Record<string, string>, q: string) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/vbc/search?q=${encodeURIComponent(q)}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as TSearchResult).results;
  };
  const names = (results: TSearchResult['results']) => results.map((c) => c.firstName).sort();
  /** The service's answer (JSON text) read back: the first names, best first. */
  const rankedNames = async (accountId: string, q: string, candidates?: number) =>
    (JSON.parse(await ctx.app.cardSearch.searchCards(accountId, q, candidates)) as TSearchResult).results.map((c) => c.firstName);

  it("finds cards among one's recents, folders, businesses and public directories, and nowhere else", async () => {
    const me = await buildAccount(ctx.app);
    const org = `Orbital ${token()}`;
    const recent = await buildCard(ctx.app, { firstName: 'Recent', organization: org });
    await ctx.app.db.insert(accountRecents).values({ accountId: me.account.id, contactId: recent.id, viewedAt: new Date() });
    const inFolder = await buildCard(ctx.app, { firstName: 'Foldered', organization: org });
    const saved = (await ctx.app.inject({ method: 'GET', url: '/api/directories', headers: me.headers })).json().directories[0];
    expect(
      (await ctx.app.inject({ method: 'PUT', url: `/api/directories/${saved.dirId}/cards/${inFolder.id}`, headers: me.headers }))
        .statusCode,
    ).toBe(204);
    const followed = await buildBusiness(ctx.app);
    await ctx.app.db.insert(corporateFollowers).values({ corporateAccountId: followed.corporateAccountId, accountId: me.account.id });
    await buildLinkedCard(ctx.app, followed.corporateProfileId, { firstName: 'Followed', organization: org });
    const mine = await buildBusiness(ctx.app, { memberEmails: [me.account.email!] });
    await buildLinkedCard(ctx.app, mine.corporateProfileId, { firstName: 'Colleague', organization: org });
    const open = await buildBusiness(ctx.app, { isPublic: true });
    await buildLinkedCard(ctx.app, open.corporateProfileId, { firstName: 'Public', organization: org });
    const closed = await buildBusiness(ctx.app);
    await buildLinkedCard(ctx.app, closed.corporateProfileId, { firstName: 'Private', organization: org });
    await buildCard(ctx.app, { firstName: 'Elsewhere', organization: org });
    // Another account's recents and folders are theirs.
    const other = await buildAccount(ctx.app);
    const theirs = await buildCard(ctx.app, { firstName: 'Theirs', organization: org });
    await ctx.app.db.insert(accountRecents).values({ accountId: other.account.id, contactId: theirs.id, viewedAt: new Date() });

    expect(names(await search(me.headers, org))).toEqual(['Colleague', 'Foldered', 'Followed', 'Public', 'Recent']);
    expect(names(await search(other.headers, org))).toEqual(['Public', 'Theirs']);
  });

  it('matches name, job title and organization, every word, ignoring case; wildcards are plain text; best match first', async () => {
    const me = await buildAccount(ctx.app);
    const t = token();
    const team = await buildBusiness(ctx.app, { isPublic: true });
    const card = (firstName: string, lastName: string, jobTitle: string, organization: string) =>
      buildLinkedCard(ctx.app, team.corporateProfileId, { firstName, lastName, jobTitle, organization });
    await card('Marguerite', `Okafor${t}`, 'Chief Cartographer', `Atlas ${t}`);
    await card('Rafael', `Mendes${t}`, 'Harbor Pilot', `Compass ${t}`);
    await card(`Percent${t}`, 'Sign', '100% Owner', 'Tea & Co');

    expect(names(await search(me.headers, `okafor${t}`))).toEqual(['Marguerite']);
    expect(names(await search(me.headers, 'CARTOGRAPH'))).toEqual(['Marguerite']);
    expect(names(await search(me.headers, `compass ${t}`))).toEqual(['Rafael']);
    expect(names(await search(me.headers, `pilot ${t} atlas`))).toEqual([]);
    expect(names(await search(me.headers, `${t}`))).toEqual(['Marguerite', `Percent${t}`, 'Rafael'].sort());
    // % and _ are searched for as written, not as wildcards.
    expect(names(await search(me.headers, '100%'))).toEqual([`Percent${t}`]);
    expect(await search(me.headers, `%${t}_zz`)).toEqual([]);
    // The closest match comes first.
    const ranked = await search(me.headers, `rafael mendes${t}`);
    expect(ranked[0]?.firstName).toBe('Rafael');
    expect(ranked[0]).toMatchObject({
      lastName: `Mendes${t}`,
      jobTitle: 'Harbor Pilot',
      organization: `Compass ${t}`,
      isCorporateProfile: true,
    });
  });

  it(`answers at most ${SEARCH_LIMIT} cards`, async () => {
    const me = await buildAccount(ctx.app);
    const t = token();
    const team = await buildBusiness(ctx.app, { isPublic: true });
    for (let i = 0; i < SEARCH_LIMIT + 5; i++) await buildLinkedCard(ctx.app, team.corporateProfileId, { organization: `Many ${t}` });
    expect(await search(me.headers, t)).toHaveLength(SEARCH_LIMIT);
  });

  it(`ranks at most ${SEARCH_CANDIDATES} matches (here 3): the best of those first, never a card that does not match`, async () => {
    const me = await buildAccount(ctx.app);
    const t = token();
    const team = await buildBusiness(ctx.app, { isPublic: true });
    for (const firstName of ['Ana', 'Anabel', 'Anastasia', 'Luana', 'Bo']) {
      await buildLinkedCard(ctx.app, team.corporateProfileId, { firstName, lastName: t, jobTitle: null, organization: null });
    }
    const all = await rankedNames(me.account.id, `ana ${t}`);
    expect(all[0]).toBe('Ana');
    expect([...all].sort()).toEqual(['Ana', 'Anabel', 'Anastasia', 'Luana']);
    const capped = await rankedNames(me.account.id, `ana ${t}`, 3);
    expect(capped).toHaveLength(3);
    // Three of the matches, in the order the whole ranking gives them.
    expect(capped.every((name) => all.includes(name))).toBe(true);
    expect(capped).toEqual(all.filter((name) => capped.includes(name)));
  });

  it('refuses a missing, blank or too long q (400 naming it), and a signed-out caller (401)', async () => {
    const me = await buildAccount(ctx.app);
    for (const [url, message] of [
      ['/api/vbc/search', 'q: Required.'],
      ['/api/vbc/search?q=%20%20', 'q: Required.'],
      [`/api/vbc/search?q=${'a'.repeat(101)}`, 'q: Max 100 characters'],
    ] as const) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: me.headers });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe(message);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/vbc/search?q=ana' })).statusCode).toBe(401);
  });

  it("the trigram index covers exactly what a directory's filter searches, with the business in the same scan (the planner can use it)", async () => {
    const explain = (query: SQL) =>
      ctx.app.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const result = await tx.execute(sql`explain ${query}`);
        return (result as unknown as { rows: { 'QUERY PLAN': string }[] }).rows.map((r) => r['QUERY PLAN']).join('\n');
      });
    expect(await explain(sql`select id from virtual_contacts where ${searchedText} like ${'%cartog%'}`)).toContain(
      'virtual_contacts_search_reach_idx',
    );
    // The card's business is the index's second column, so a business directory's words and its
    // business are one index condition at a deployment's size (on this small data a plain index on
    // the business is cheaper and the planner rightly takes that). No pending list: a filter never
    // scans entries a vacuum has not merged yet.
    const [index] = (
      (await ctx.app.db.execute(
        sql`select indexdef from pg_indexes where tablename = 'virtual_contacts' and indexname = 'virtual_contacts_search_reach_idx'`,
      )) as unknown as { rows: { indexdef: string }[] }
    ).rows;
    expect(index?.indexdef).toMatch(/USING gin \(search_text gin_trgm_ops, corporate_profile_id\) WITH \(fastupdate='?off'?\)/);
  });
});
