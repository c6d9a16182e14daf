import { count, eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { TDirectories, TDirectory } from '@vbc/shared';
import { describeEachDatabase } from '../test/app.ts';
import { buildCard } from '../test/factories.ts';
import { ADMIN_TOKEN, buildStaffedBusiness } from '../test/announcements-support.ts';
import { corporateProfileCardCounts, corporateProfiles, virtualContacts } from '../platform/db/schema/index.ts';

type Headers = Record<string, string>;

const call = (app: FastifyInstance, method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers = {}) =>
  app.inject({ method, url, headers });

/**
 * A business directory's cardCount is a counter kept by triggers (migration 0029), not a count on
 * every read: it must follow every way a card joins or leaves a business.
 */
describeEachDatabase(
  "a business directory's card count",
  (ctx) => {
    /** The cards actually linked to the profile, counted. */
    const linkedCards = async (profileId: string) => {
      const [row] = await ctx.app.db.select({ n: count() }).from(virtualContacts).where(eq(virtualContacts.corporateProfileId, profileId));
      return Number(row?.n ?? 0);
    };
    /** The count the list and the directory's page show to `headers`, checked against the cards linked. */
    const expectCount = async (biz: { corporateAccountId: string; corporateProfileId: string }, headers: Headers, expected: number) => {
      expect(await linkedCards(biz.corporateProfileId)).toBe(expected);
      const list = (await call(ctx.app, 'GET', '/api/directories', headers)).json() as TDirectories;
      expect(list.directories.find((d) => d.dirId === biz.corporateAccountId)?.cardCount).toBe(expected);
      const page = await call(ctx.app, 'GET', `/api/directories/${biz.corporateAccountId}?limit=1`, headers);
      expect(page.statusCode, page.body).toBe(200);
      expect((page.json() as TDirectory).cardCount).toBe(expected);
    };

    it('follows linking, linking again, unlinking, a member leaving, a card deleted and a card created linked', async () => {
      const biz = await buildStaffedBusiness(ctx.app, 'Counted');
      const viewer = biz.owner.headers;
      await expectCount(biz, viewer, 0);
      const [memberCard, memberSecond, editorCard] = [
        await buildCard(ctx.app, {}, { ownerAccountId: biz.member.account.id }),
        await buildCard(ctx.app, {}, { ownerAccountId: biz.member.account.id }),
        await buildCard(ctx.app, {}, { ownerAccountId: biz.editor.account.id }),
      ];
      const link = (card: { id: string }) => `/api/corporate/${biz.corporateAccountId}/cards/${card.id}`;

      expect((await call(ctx.app, 'POST', link(memberCard), biz.member.headers)).statusCode).toBe(204);
      await expectCount(biz, viewer, 1);
      // Linked again: no change.
      expect((await call(ctx.app, 'POST', link(memberCard), biz.member.headers)).statusCode).toBe(204);
      await expectCount(biz, viewer, 1);
      expect((await call(ctx.app, 'POST', link(memberSecond), biz.member.headers)).statusCode).toBe(204);
      expect((await call(ctx.app, 'POST', link(editorCard), biz.owner.headers)).statusCode).toBe(204);
      await expectCount(biz, viewer, 3);

      // Unlinked by the admin; a refused unlink changes nothing.
      expect((await call(ctx.app, 'DELETE', link(editorCard), biz.member.headers)).statusCode).toBe(404);
      await expectCount(biz, viewer, 3);
      expect((await call(ctx.app, 'DELETE', link(editorCard), biz.owner.headers)).statusCode).toBe(204);
      await expectCount(biz, viewer, 2);

      // An edit of a linked card that does not touch its link changes nothing.
      await ctx.app.db.update(virtualContacts).set({ jobTitle: 'Lead', viewCount: 5 }).where(eq(virtualContacts.id, memberSecond.id));
      await expectCount(biz, viewer, 2);

      // The owner deletes a linked card.
      expect((await call(ctx.app, 'DELETE', `/api/vbc/virtualcontact/${memberSecond.id}`, biz.member.headers)).statusCode).toBe(204);
      await expectCount(biz, viewer, 1);

      // The member leaves (removed by the admin): their linked card is unlinked.
      const removed = await call(ctx.app, 'DELETE', `/api/corporate/${biz.corporateAccountId}/members/${biz.member.account.id}`, viewer);
      expect(removed.statusCode, removed.body).toBe(204);
      await expectCount(biz, viewer, 0);

      // A card created already linked counts from its insert.
      await buildCard(ctx.app, {}, { ownerAccountId: biz.editor.account.id, corporateProfileId: biz.corporateProfileId });
      await expectCount(biz, viewer, 1);
    });

    it('a card moved between two businesses counts in the one it joined, and a deleted profile takes its count with it', async () => {
      const [from, to] = [await buildStaffedBusiness(ctx.app, 'From'), await buildStaffedBusiness(ctx.app, 'To')];
      const card = await buildCard(ctx.app, {}, { corporateProfileId: from.corporateProfileId });
      await expectCount(from, from.owner.headers, 1);
      await ctx.app.db.update(virtualContacts).set({ corporateProfileId: to.corporateProfileId }).where(eq(virtualContacts.id, card.id));
      await expectCount(from, from.owner.headers, 0);
      await expectCount(to, to.owner.headers, 1);

      // Deleting the profile unlinks its cards (set null) and its counter row goes with it.
      await ctx.app.db.delete(corporateProfiles).where(eq(corporateProfiles.id, to.corporateProfileId));
      const [left] = await ctx.app.db.select().from(virtualContacts).where(eq(virtualContacts.id, card.id));
      expect(left?.corporateProfileId).toBeNull();
      expect(
        await ctx.app.db
          .select()
          .from(corporateProfileCardCounts)
          .where(eq(corporateProfileCardCounts.corporateProfileId, to.corporateProfileId)),
      ).toEqual([]);
    });

    it('stays exact under concurrent links and moves in both directions (no lost update, no deadlock)', async () => {
      const [a, b] = [await buildStaffedBusiness(ctx.app, 'A'), await buildStaffedBusiness(ctx.app, 'B')];
      const cards = await Promise.all(
        Array.from({ length: 24 }, (_, i) => buildCard(ctx.app, {}, { ownerAccountId: (i % 2 ? a : b).member.account.id })),
      );
      const ofA = cards.filter((_, i) => i % 2);
      const ofB = cards.filter((_, i) => i % 2 === 0);
      // Every member links their card at once, each through the API.
      const links = await Promise.all([
        ...ofA.map((c) => call(ctx.app, 'POST', `/api/corporate/${a.corporateAccountId}/cards/${c.id}`, a.member.headers)),
        ...ofB.map((c) => call(ctx.app, 'POST', `/api/corporate/${b.corporateAccountId}/cards/${c.id}`, b.member.headers)),
      ]);
      expect(links.map((r) => r.statusCode)).toEqual(links.map(() => 204));
      await expectCount(a, a.owner.headers, 12);
      await expectCount(b, b.owner.headers, 12);

      // Cards cross in both directions at once, each move its own transaction touching both counters.
      const move = (card: { id: string }, profileId: string) =>
        ctx.app.db.transaction(async (tx) => {
          await tx.update(virtualContacts).set({ corporateProfileId: profileId }).where(eq(virtualContacts.id, card.id));
        });
      await Promise.all([
        ...ofA.slice(0, 8).map((c) => move(c, b.corporateProfileId)),
        ...ofB.slice(0, 5).map((c) => move(c, a.corporateProfileId)),
      ]);
      await expectCount(a, a.owner.headers, 12 - 8 + 5);
      await expectCount(b, b.owner.headers, 12 - 5 + 8);

      // A set-based unlink of many at once.
      await ctx.app.db
        .update(virtualContacts)
        .set({ corporateProfileId: null })
        .where(
          inArray(
            virtualContacts.id,
            cards.map((c) => c.id),
          ),
        );
      await expectCount(a, a.owner.headers, 0);
      await expectCount(b, b.owner.headers, 0);
    });
  },
  { env: { ADMIN_TOKEN } },
);
