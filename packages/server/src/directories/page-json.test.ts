/**
 * A business directory's page is written by PostgreSQL (presentedCardSummaryJson, and the cursor)
 * and sent as it comes; every other list presents its cards in the code (presentCardSummary).
 * Each card of a page must be what the code presents for its row: quotes, markup, backslashes and
 * emoji in the text, a missing job title, a picture, an empty last name, names with white space at
 * their ends that JavaScript's trim removes, an unadopted card; on every page (the first, after a
 * cursor, and filtered), and the answer is the documented shape, nothing added.
 */
import { eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ZDirectory, type TDirectory } from '@vbc/shared';
import { describeEachDatabase } from '../test/app.ts';
import { buildAccount } from '../test/factories.ts';
import { uploadPicture } from '../test/announcements-support.ts';
import { buildBusiness, buildLinkedCard } from '../test/directories-support.ts';
import { virtualContacts } from '../platform/db/schema/index.ts';
import { cardSummaryColumns, presentCardSummary } from '../cards/index.ts';

describeEachDatabase('a business directory page written by the database', (ctx) => {
  it('answers each card as the code presents it, on every page, in the documented shape', async () => {
    const member = await buildAccount(ctx.app);
    const business = await buildBusiness(ctx.app, { name: 'Harbor & "Sons" <Ltd>', memberEmails: [member.account.email!] });
    const picture = await uploadPicture(ctx.app, member.headers);
    const cards = [
      await buildLinkedCard(ctx.app, business.corporateProfileId, {
        firstName: 'Zoë "Q"',
        lastName: `<b>O'Brien</b> \\ 🌷`,
        jobTitle: null,
        organization: 'Tom & Jerry, Inc.',
      }),
      await buildLinkedCard(ctx.app, business.corporateProfileId, { firstName: 'Solo', lastName: '', jobTitle: 'Sales\nLead' }),
      await buildLinkedCard(ctx.app, business.corporateProfileId, { firstName: 'Pic', lastName: 'Ture' }),
      await buildLinkedCard(ctx.app, business.corporateProfileId, { firstName: 'Spaced', lastName: 'Ends' }),
      await buildLinkedCard(ctx.app, business.corporateProfileId, { firstName: 'Not', lastName: 'Adopted' }),
    ];
    const db = ctx.app.db;
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
      for (const card of page.cards) {
        expect(card).toEqual(presented.get(card.virtualContactId));
        expect(Object.keys(card)).toEqual(Object.keys(presented.get(card.virtualContactId)!));
      }
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
});
