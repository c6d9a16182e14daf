import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { TTeamAnalytics } from '@vbc/shared/corporate';
import { describeEachDatabase } from '../test/app.ts';
import { buildAccount, buildCard } from '../test/factories.ts';
import { ADMIN_TOKEN, buildStaffedBusiness } from '../test/announcements-support.ts';
import { exchange, exchangeBody } from '../test/leads-support.ts';

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

describeEachDatabase(
  'team analytics',
  (ctx) => {
    const get = (id: string, headers: Record<string, string>, query = '') =>
      ctx.app.inject({ method: 'GET', url: `/api/corporate/${id}/analytics${query}`, headers });

    it("counts the linked cards' views, downloads and exchanges per member, per day and per card, over 7, 30 or 90 days", async () => {
      const biz = await buildStaffedBusiness(ctx.app);
      const other = await buildStaffedBusiness(ctx.app, 'Other');
      const linked = (owner: string, firstName: string) =>
        buildCard(ctx.app, { firstName, lastName: 'Card' }, { ownerAccountId: owner, corporateProfileId: biz.corporateProfileId });
      const editorCard = await linked(biz.editor.account.id, 'Eddie');
      const memberCard = await linked(biz.member.account.id, 'Mona');
      // Not linked, or linked to another business: never counted here.
      const unlinked = await buildCard(ctx.app, { firstName: 'Solo' }, { ownerAccountId: biz.member.account.id });
      const elsewhere = await buildCard(
        ctx.app,
        { firstName: 'Else' },
        { ownerAccountId: other.member.account.id, corporateProfileId: other.corporateProfileId },
      );

      const view = (cardId: string, agent: string) =>
        ctx.app.inject({ method: 'POST', url: `/api/vbc/virtualcontact/${cardId}/view`, headers: { 'user-agent': agent } });
      for (const agent of ['A', 'B', 'C']) expect((await view(editorCard.id, agent)).statusCode).toBe(204);
      await view(memberCard.id, 'A');
      await view(unlinked.id, 'A');
      await view(elsewhere.id, 'A');
      await ctx.app.inject({ method: 'GET', url: `/ds/vbc/download/i/${memberCard.id}` });
      await ctx.app.cards.stats.flush();
      for (let i = 0; i < 2; i++) expect((await exchange(ctx.app, memberCard.id, exchangeBody())).statusCode).toBe(201);
      await exchange(ctx.app, unlinked.id, exchangeBody());
      // Older days, straight into the daily counts the cards keep: 20 and 60 days ago.
      await ctx.app.db.execute(
        sql`insert into contact_daily_stats (contact_id, day, views, downloads) values (${editorCard.id}, ${daysAgo(20)}, 10, 1), (${editorCard.id}, ${daysAgo(60)}, 100, 0)`,
      );

      const week = await get(biz.corporateAccountId, biz.owner.headers, '?days=7');
      expect(week.statusCode, week.body).toBe(200);
      const w = week.json<TTeamAnalytics>();
      const today = daysAgo(0);
      expect(w).toMatchObject({ days: 7, from: daysAgo(6), to: today, totals: { views: 4, downloads: 1, exchanges: 2 } });
      expect(w.perDay).toHaveLength(7);
      expect(w.perDay.at(-1)).toEqual({ day: today, views: 4, downloads: 1, exchanges: 2 });
      expect(w.perDay.slice(0, 6).every((d) => d.views + d.downloads + d.exchanges === 0)).toBe(true);
      expect(w.members).toEqual([
        { accountId: biz.member.account.id, name: biz.member.account.name, views: 1, downloads: 1, exchanges: 2 },
        { accountId: biz.editor.account.id, name: biz.editor.account.name, views: 3, downloads: 0, exchanges: 0 },
        { accountId: biz.owner.account.id, name: biz.owner.account.name, views: 0, downloads: 0, exchanges: 0 },
      ]);
      expect(w.memberDays).toEqual(
        expect.arrayContaining([
          { accountId: biz.member.account.id, day: today, views: 1, downloads: 1, exchanges: 2 },
          { accountId: biz.editor.account.id, day: today, views: 3, downloads: 0, exchanges: 0 },
        ]),
      );
      expect(w.memberDays).toHaveLength(2);
      expect(w.topCards).toEqual([
        { virtualContactId: memberCard.id, name: 'Mona Card', ownerAccountId: biz.member.account.id, views: 1, downloads: 1, exchanges: 2 },
        {
          virtualContactId: editorCard.id,
          name: 'Eddie Card',
          ownerAccountId: biz.editor.account.id,
          views: 3,
          downloads: 0,
          exchanges: 0,
        },
      ]);

      const month = (await get(biz.corporateAccountId, biz.owner.headers, '?days=30')).json<TTeamAnalytics>();
      expect(month.perDay).toHaveLength(30);
      expect(month.totals).toEqual({ views: 14, downloads: 2, exchanges: 2 });
      const quarter = (await get(biz.corporateAccountId, biz.owner.headers, '?days=90')).json<TTeamAnalytics>();
      expect(quarter.totals).toEqual({ views: 114, downloads: 2, exchanges: 2 });
      expect((await get(biz.corporateAccountId, biz.owner.headers)).json<TTeamAnalytics>().days).toBe(30);
    });

    it('answers only admins, and refuses a range other than 7, 30 or 90 days', async () => {
      const biz = await buildStaffedBusiness(ctx.app);
      const outsider = await buildAccount(ctx.app);
      expect((await get(biz.corporateAccountId, {})).statusCode).toBe(401);
      const malformed = await get('acme', biz.owner.headers);
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().message).toMatch(/corporateAccountId/);
      for (const days of ['14', 'all', '-7']) {
        const res = await get(biz.corporateAccountId, biz.owner.headers, `?days=${days}`);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(/days must be 7, 30 or 90/);
      }
      expect((await get(biz.corporateAccountId, outsider.headers)).statusCode).toBe(404);
      expect((await get(randomUUID(), biz.owner.headers)).statusCode).toBe(404);
      for (const who of [biz.editor, biz.member]) {
        const res = await get(biz.corporateAccountId, who.headers);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toMatch(/admin role/);
      }
    });
  },
  { env: { ADMIN_TOKEN } },
);
