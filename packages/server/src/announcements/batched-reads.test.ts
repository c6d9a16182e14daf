/**
 * The recipient's announcements list, batched across requests (platform/db/batched-statement.ts): each
 * account gets its own list, read marks, unread count and page of the newest 100, whether the call
 * ran alone or in a batch with others' (and with its own account's twice), on both engines.
 */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { TAnnouncementList, TAuthoredAnnouncement } from '@vbc/shared/announcement';
import { announcementRecipients, announcements } from '../platform/db/schema/index.ts';
import { describeEachDatabase } from '../test/app.ts';
import { ADMIN_TOKEN, admin, buildStaffedBusiness } from '../test/announcements-support.ts';
import { expectBatchedAsAlone } from '../test/batched-reads.ts';
import { buildAccount } from '../test/factories.ts';
import { ANNOUNCEMENT_LIST_LIMIT, listAnnouncements, markAnnouncementRead } from './read-announcements.ts';

describeEachDatabase(
  'the announcements list, batched',
  (ctx) => {
    /** Publishes through the API as `headers` (a business's editor, or the operator); the announcement's id. */
    const publish = async (url: string, headers: Record<string, string>, title: string) => {
      const res = await ctx.app.inject({ method: 'POST', url, headers, payload: { title } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<TAuthoredAnnouncement>().announcementId;
    };

    it('answers each account its own list and unread count, alone or batched', async () => {
      const harbor = await buildStaffedBusiness(ctx.app, 'Harbor');
      const quay = await buildStaffedBusiness(ctx.app, 'Quay');
      const maintenance = await publish('/api/admin/announcements', admin, 'Maintenance');
      const sale = await publish(`/api/corporate/${harbor.corporateAccountId}/announcements`, harbor.editor.headers, 'Harbor sale');
      await publish(`/api/corporate/${quay.corporateAccountId}/announcements`, quay.editor.headers, 'Quay hours');
      await publish(`/api/corporate/${harbor.corporateAccountId}/announcements`, harbor.editor.headers, 'Harbor news');
      // Published a minute apart, in that order (newest first is then certain).
      const published = await ctx.app.db.select({ id: announcements.id, title: announcements.title }).from(announcements);
      const order = ['Maintenance', 'Harbor sale', 'Quay hours', 'Harbor news'];
      for (const { id, title } of published)
        await ctx.app.db
          .update(announcements)
          .set({ publishedAt: new Date(Date.UTC(2026, 5, 1, 9, order.indexOf(title))) })
          .where(eq(announcements.id, id));
      await markAnnouncementRead(ctx.app.db, harbor.member.account.id, sale);
      await markAnnouncementRead(ctx.app.db, quay.member.account.id, maintenance);
      // Quay's owner also received more than a page of older ones, all unread.
      const archive = await ctx.app.db
        .insert(announcements)
        .values(
          Array.from({ length: ANNOUNCEMENT_LIST_LIMIT + 1 }, (_, i) => ({
            title: `Archive ${i + 1}`,
            publishedAt: new Date(Date.UTC(2026, 0, 1) - i * 60_000),
          })),
        )
        .returning({ id: announcements.id });
      await ctx.app.db
        .insert(announcementRecipients)
        .values(archive.map(({ id }) => ({ accountId: quay.owner.account.id, announcementId: id })));
      // Signed up after all of them: received nothing.
      const latecomer = await buildAccount(ctx.app);

      const who = [harbor.member, quay.member, harbor.owner, latecomer, quay.owner, harbor.member, quay.owner, latecomer];
      const texts = await expectBatchedAsAlone(
        who.map(
          ({ account }) =>
            () =>
              listAnnouncements(ctx.app.db, account.id),
        ),
      );
      const lists = texts.map((text) => JSON.parse(text) as TAnnouncementList);
      const seen = (list: TAnnouncementList) => list.announcements.map((a) => `${a.title}${a.isRead ? ' (read)' : ''}`);

      const harborMember = ['Harbor news', 'Harbor sale (read)', 'Maintenance'];
      const quayMember = ['Quay hours', 'Maintenance (read)'];
      const harborOwner = ['Harbor news', 'Harbor sale', 'Maintenance'];
      const quayOwner = ['Quay hours', 'Maintenance', ...archive.slice(0, ANNOUNCEMENT_LIST_LIMIT - 2).map((_, i) => `Archive ${i + 1}`)];
      expect(lists.map(seen)).toEqual([harborMember, quayMember, harborOwner, [], quayOwner, harborMember, quayOwner, []]);
      expect(lists.map((list) => list.unreadCount)).toEqual([2, 1, 3, 0, ANNOUNCEMENT_LIST_LIMIT + 3, 2, ANNOUNCEMENT_LIST_LIMIT + 3, 0]);
      expect(lists[0]!.announcements[0]).toMatchObject({ corporateAccountId: harbor.corporateAccountId, corporateName: 'Harbor' });
      expect(texts[3]).toBe(texts[7]);
    });
  },
  { env: { ADMIN_TOKEN } },
);
