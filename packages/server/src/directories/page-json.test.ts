/**
 * Three lists of cards are written by PostgreSQL (storedCardSummaryJson) and sent as they come: a
 * business directory's page (with its cursor), recents (with each view's time) and search's
 * results; every other list presents its cards in the code (presentCardSummary). Each card of
 * them must be what the code presents for its row: quotes, markup, backslashes and emoji in the text, a missing job
 * title, a picture, an empty last name, names with white space at their ends that JavaScript's trim
 * removes, an unadopted card; on every page (the first, after a cursor, and filtered), and the
 * answer is the documented shape, nothing added.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ZDirectory, ZRecents, ZSearchResult, type TCardSummary, type TDirectory, type TRecents, type TSearchResult } from '@vbc/shared';
import type { FastifyInstance } from 'fastify';
import { describeEachDatabase } from '../test/app.ts';
import { buildAccount } from '../test/factories.ts';
import { uploadPicture } from '../test/announcements-support.ts';
import { buildBusiness, buildLinkedCard } from '../test/directories-support.ts';
import { accountRecents, virtualContacts } from '../platform/db/schema/index.ts';
import { cardSummaryColumns, presentCardSummary } from '../cards/index.ts';

/** A member, their business, and its five awkward cards, each with what presentCardSummary answers for its row. */
async function awkwardCards(app: FastifyInstance) {
  const member = await buildAccount(app);
  const business = await buildBusiness(app, { name: 'Harbor & "Sons" <Ltd>', memberEmails: [member.account.email!] });
  const picture = await uploadPicture(app, member.headers);
  const cards = [
    await buildLinkedCard(app, business.corporateProfileId, {
      firstName: 'Zoë "Q"',
      lastName: `<b>O'Brien</b> \\ 🌷`,
      jobTitle: null,
      organization: 'Tom & Jerry, Inc.',
    }),
    await buildLinkedCard(app, business.corporateProfileId, { firstName: 'Solo', lastName: '', jobTitle: 'Sales\nLead' }),
    await buildLinkedCard(app, business.corporateProfileId, { firstName: 'Pic', lastName: 'Ture' }),
    await buildLinkedCard(app, business.corporateProfileId, { firstName: 'Spaced', lastName: 'Ends' }),
    await buildLinkedCard(app, business.corporateProfileId, { firstName: 'Not', lastName: 'Adopted' }),
  ];
  const db = app.db;
  await db.update(virtualContacts).set({ pictureDisplayItemId: picture.displayItemId }).where(eq(virtualContacts.id, cards[2]!.id));
  // Written around the input's own trim (an import, an older row): JavaScript's trim removes these.
  await db
    .update(virtualContacts)
    .set({ firstName: '\u00a0\tSpaced', lastName: 'Ends\u3000\ufeff' })
    .where(eq(virtualContacts.id, cards[3]!.id));
  await db
    .update(virtualContacts)
    .set({ ownerAccountId: null, passcodeHash: 'a passcode hash' })
    .where(eq(virtualContacts.id, cards[4]!.id));
  const rows = await db
    .select(cardSummaryColumns)
    .from(virtualContacts)
    .where(
      inArray(
        virtualContacts.id,
        cards.map((c) => c.id),
      ),
    );
  const presented = new Map(rows.map((row) => [row.id, presentCardSummary(row)]));
  expect([...presented.values()].map((c) => [c.name, c.hasVirginAccessProtection])).toEqual(
    expect.arrayContaining([
      ['Solo', false],
      ['Spaced Ends', false],
      ['Not Adopted', true],
    ]),
  );
  return { member, business, cards, presented };
}

/** Each card is what the code presents for its row, its keys in the same order. */
function expectPresented(cards: TCardSummary[], presented: Map<string, TCardSummary>) {
  for (const card of cards) {
    const { time: _time, ...summary } = card as TCardSummary & { time?: number };
    expect(summary).toEqual(presented.get(card.virtualContactId));
    expect(Object.keys(summary)).toEqual(Object.keys(presented.get(card.virtualContactId)!));
  }
}

describeEachDatabase('a business directory page written by the database', (ctx) => {
  it('a directory page answers each card as the code presents it, on every page, in the documented shape', async () => {
    const { member, business, cards, presented } = await awkwardCards(ctx.app);
    const pageOf = async (query: string) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/directories/${business.corporateAccountId}${query}`,
        headers: member.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const page = res.json<TDirectory>();
      // The documented shape, nothing added or missing.
      expect(ZDirectory.strict().parse(page)).toEqual(page);
      expectPresented(page.cards, presented);
      return page;
    };
    const seen: string[] = [];
    let page = await pageOf('?limit=2');
    seen.push(...page.cards.map((c) => c.virtualContactId));
    while (page.nextCursor) {
      page = await pageOf(`?limit=2&cursor=${page.nextCursor}`);
      seen.push(...page.cards.map((c) => c.virtualContactId));
    }
    expect(seen.sort()).toEqual(cards.map((c) => c.id).sort());
    const whole = await pageOf('');
    expect(whole).toMatchObject({ dirId: business.corporateAccountId, kind: 'business', name: 'Harbor & "Sons" <Ltd>', cardCount: 5 });
    expect(whole.nextCursor).toBeNull();
    const filtered = await pageOf('?q=adopted');
    expect(filtered.cards.map((c) => c.virtualContactId)).toEqual([cards[4]!.id]);
  });

  it('recents answer each card as the code presents it with its view time, newest first, in the documented shape', async () => {
    const { member, cards, presented } = await awkwardCards(ctx.app);
    const t = Date.UTC(2025, 5, 1, 23, 5, 2, 123);
    const merge = await ctx.app.inject({
      method: 'POST',
      url: '/api/personalAccount/mergeRecentlyViewedVbc',
      headers: member.headers,
      payload: { recents: cards.map((c, i) => ({ id: c.id, time: t - i * 1000 })) },
    });
    expect(merge.statusCode, merge.body).toBe(200);
    // A view time with microseconds (the database's own now()): `time` truncates it, as a Date read from the row would.
    await ctx.app.db
      .update(accountRecents)
      .set({ viewedAt: sql`'2025-06-01 23:06:02.123987+00'::timestamptz` })
      .where(eq(accountRecents.contactId, cards[4]!.id));
    const res = await ctx.app.inject({ method: 'GET', url: '/api/vbc/recents', headers: member.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const recents = res.json<TRecents>();
    expect(ZRecents.strict().parse(recents)).toEqual(recents);
    expectPresented(recents.recents, presented);
    expect(recents.recents.map((r) => [r.virtualContactId, r.time])).toEqual([
      [cards[4]!.id, Date.UTC(2025, 5, 1, 23, 6, 2, 123)],
      ...cards.slice(0, 4).map((c, i) => [c.id, t - i * 1000]),
    ]);
    expect(merge.json<TRecents>().recents.map((r) => r.virtualContactId)).toEqual(cards.map((c) => c.id));
    const none = await buildAccount(ctx.app);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/vbc/recents', headers: none.headers })).json()).toEqual({ recents: [] });
  });

  it('search answers each card as the code presents it, in the documented shape, and none as []', async () => {
    const { member, cards, presented } = await awkwardCards(ctx.app);
    const searchFor = async (q: string) => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/vbc/search?q=${encodeURIComponent(q)}`, headers: member.headers });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const found = res.json<TSearchResult>();
      expect(ZSearchResult.strict().parse(found)).toEqual(found);
      expectPresented(found.results, presented);
      return found.results.map((c) => c.virtualContactId);
    };
    // Every awkward card is linked to the member's business, so the member's search finds each by its own words.
    expect(await searchFor("zoë o'brien")).toEqual([cards[0]!.id]);
    expect(await searchFor('solo sales')).toEqual([cards[1]!.id]);
    expect(await searchFor('spaced ends')).toEqual([cards[3]!.id]);
    expect(await searchFor('not adopted')).toEqual([cards[4]!.id]);
    expect(await searchFor('nothing-matches-this')).toEqual([]);
  });
});
