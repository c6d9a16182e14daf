/**
 * Issue 28: a card's summary kept by the database (migration 0039) is the card as
 * presentCardSummary presents it, byte for byte, whatever its text; it follows every change of a
 * column it shows, whoever writes it (the owner's edit through the API, a direct update, a
 * foreign key's set null); a write of the other columns (a view's counters) leaves it alone; a
 * card whose summary is null
 * (one stored before the migration, or without the trigger) is written by a list as it is read,
 * the same text, and by the fill that runs after the start, a batch at a time, without counting as
 * an edit.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { accounts, corporateProfiles, displayItems, virtualContacts } from '../platform/db/schema/index.ts';
import { describeEachDatabase } from '../test/app.ts';
import { buildAccount, buildCard, buildPicture } from '../test/factories.ts';
import { buildBusiness } from '../test/directories-support.ts';
import { cardSummaryColumns, presentCardSummary } from './index.ts';
import { fillCardSummaries } from './fill-summaries.ts';

describeEachDatabase("a card's summary as the database keeps it", (ctx) => {
  const app = (): FastifyInstance => ctx.app;

  /** The card's stored summary, and what presentCardSummary writes for its row now. */
  async function summaryOf(id: string) {
    const [row] = await app()
      .db.select({ ...cardSummaryColumns, stored: virtualContacts.summaryJson })
      .from(virtualContacts)
      .where(eq(virtualContacts.id, id));
    const { stored, ...columns } = row!;
    return { stored, presented: JSON.stringify(presentCardSummary(columns)) };
  }
  const expectKept = async (id: string) => {
    const { stored, presented } = await summaryOf(id);
    expect(stored).toBe(presented);
    return JSON.parse(presented) as ReturnType<typeof presentCardSummary>;
  };

  it('is the card as presentCardSummary presents it, for any text', async () => {
    const cards = [
      await buildCard(app(), {
        firstName: 'Zoë "Q"',
        lastName: `<b>O'Brien</b> \\ 🌷`,
        jobTitle: null,
        organization: 'Tom & Jerry\n Inc.',
      }),
      await buildCard(app(), { firstName: 'Solo', lastName: '', jobTitle: 'line\u2028separator' }),
    ];
    for (const card of cards) await expectKept(card.id);
    // Written around the input's own trim (an import, an older row): the name is trimmed as JavaScript's trim does.
    await app()
      .db.update(virtualContacts)
      .set({ firstName: '\u00a0\tSpaced', lastName: 'Ends\u3000\ufeff' })
      .where(eq(virtualContacts.id, cards[1]!.id));
    expect((await expectKept(cards[1]!.id)).name).toBe('Spaced Ends');
  });

  it("follows each change of what it shows: the owner's edit, a picture, a business link, a passcode, removals", async () => {
    const owner = await buildAccount(app());
    const business = await buildBusiness(app());
    const picture = await buildPicture(app());
    const card = await buildCard(app(), { firstName: 'Ana', lastName: 'Reyes' }, { ownerAccountId: owner.account.id });

    const edit = await app().inject({
      method: 'PUT',
      url: `/api/vbc/virtualcontact/${card.id}`,
      headers: owner.headers,
      payload: { firstName: 'Ana María', jobTitle: 'Head of "Sales"' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await expectKept(card.id)).toMatchObject({ name: 'Ana María Reyes', jobTitle: 'Head of "Sales"' });

    await app()
      .db.update(virtualContacts)
      .set({ pictureDisplayItemId: picture.id, corporateProfileId: business.corporateProfileId })
      .where(eq(virtualContacts.id, card.id));
    expect(await expectKept(card.id)).toMatchObject({ pictureDisplayItemId: picture.id, isCorporateProfile: true });

    // Foreign keys' set null: the picture, the business profile and the owner removed under the card.
    await app().db.delete(displayItems).where(eq(displayItems.id, picture.id));
    await app().db.delete(corporateProfiles).where(eq(corporateProfiles.id, business.corporateProfileId));
    await app().db.update(virtualContacts).set({ passcodeHash: 'a passcode hash' }).where(eq(virtualContacts.id, card.id));
    expect(await expectKept(card.id)).toMatchObject({ hasVirginAccessProtection: false });
    await app().db.delete(accounts).where(eq(accounts.id, owner.account.id));
    expect(await expectKept(card.id)).toMatchObject({
      pictureDisplayItemId: null,
      isCorporateProfile: false,
      hasVirginAccessProtection: true,
    });
  });

  it("is left alone by a write of the other columns (a view's counters), and a null one is written by the lists as they read it", async () => {
    const reader = await buildAccount(app());
    const card = await buildCard(app(), { firstName: 'Old', lastName: 'Card "One"' });
    const { presented } = await summaryOf(card.id);
    // As the bench's generator leaves a card it loads (without the trigger): its summary null.
    await app().db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(virtualContacts).set({ summaryJson: null }).where(eq(virtualContacts.id, card.id));
    });
    await app()
      .db.update(virtualContacts)
      .set({ viewCount: sql`${virtualContacts.viewCount} + 1`, biography: 'A new biography.' })
      .where(eq(virtualContacts.id, card.id));
    expect((await summaryOf(card.id)).stored).toBeNull();

    const merge = await app().inject({
      method: 'POST',
      url: '/api/personalAccount/mergeRecentlyViewedVbc',
      headers: reader.headers,
      payload: { recents: [{ id: card.id, time: Date.UTC(2026, 0, 2, 3, 4, 5, 6) }] },
    });
    expect(merge.statusCode, merge.body).toBe(200);
    expect(merge.body).toBe(`{"recents":[${presented.slice(0, -1)},"time":${Date.UTC(2026, 0, 2, 3, 4, 5, 6)}}]}`);
  });

  it('the fill writes the null summaries a batch at a time, the same text, and leaves the rest of the card as it was', async () => {
    const cards = [
      await buildCard(app(), { firstName: 'Fill', lastName: 'One' }),
      await buildCard(app(), { firstName: 'Fill', lastName: 'Two' }),
    ];
    const ids = cards.map((c) => c.id);
    const expected = await Promise.all(ids.map(async (id) => (await summaryOf(id)).presented));
    const before = await app().db.select().from(virtualContacts).where(inArray(virtualContacts.id, ids)).orderBy(virtualContacts.id);
    // As migration 0039 leaves the cards stored before it.
    await app().db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(virtualContacts).set({ summaryJson: null }).where(inArray(virtualContacts.id, ids));
    });
    // Other tests' cards may wait too (they share the database): fill until none is left.
    expect(await fillCardSummaries(app().db, 1)).toBe(1);
    while ((await fillCardSummaries(app().db, 100)) > 0);
    expect(await fillCardSummaries(app().db)).toBe(0);
    for (const [i, id] of ids.entries()) expect((await summaryOf(id)).stored).toBe(expected[i]);
    const after = await app().db.select().from(virtualContacts).where(inArray(virtualContacts.id, ids)).orderBy(virtualContacts.id);
    expect(after).toEqual(before);
  });
});
