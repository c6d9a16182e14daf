/**
 * The announcements list is written by PostgreSQL (announcementJson); one announcement is presented
 * by the code (presentAnnouncement). Each entry of the list must be what the single read answers:
 * a business's announcement with a header picture and two attachments in the author's order, a
 * product-wide one without either (null business and picture, no attachments), read and unread;
 * and the unread count covers everything received.
 */
import { expect, it } from 'vitest';
import type { TAnnouncementList, TAuthoredAnnouncement } from '@vbc/shared/announcement';
import { describeEachDatabase } from '../test/app.ts';
import { ADMIN_TOKEN, admin, buildStaffedBusiness, uploadPdf, uploadPicture } from '../test/announcements-support.ts';

describeEachDatabase(
  'the announcements list written by the database',
  (ctx) => {
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) =>
      ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

    it('answers each announcement as the single read presents it, with the unread count', async () => {
      const biz = await buildStaffedBusiness(ctx.app, 'Harbor & "Sons" <Ltd>');
      const base = `/api/corporate/${biz.corporateAccountId}/announcements`;
      const picture = await uploadPicture(ctx.app, biz.editor.headers);
      const menu = await uploadPdf(ctx.app, biz.editor.headers, 'menu.pdf');
      const prices = await uploadPdf(ctx.app, biz.editor.headers, 'prices.pdf');
      const published = await call('POST', base, biz.editor.headers, {
        title: 'Spring sale — 20 % off',
        content: '# Sale\n\n"Quotes", \\backslashes\\ and emoji 🌷',
        imageId: picture.obsecuredDisplayItemId,
        attachments: [prices.documentFileItemId, menu.documentFileItemId],
        publish: true,
      });
      expect(published.statusCode).toBe(201);
      const productWide = await call('POST', '/api/admin/announcements', admin, { title: 'Maintenance tonight' });
      expect(productWide.statusCode).toBe(201);
      const read = productWide.json<TAuthoredAnnouncement>().announcementId;
      expect((await call('POST', `/api/personalAccount/announcement/${read}/read`, biz.member.headers)).statusCode).toBe(204);

      const res = await call('GET', '/api/personalAccount/announcements', biz.member.headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const list = res.json<TAnnouncementList>();
      const ids = [published.json<TAuthoredAnnouncement>().announcementId, read];
      for (const id of ids) expect(list.announcements.map((a) => a.announcementId)).toContain(id);
      for (const entry of list.announcements) {
        const single = await call('GET', `/api/personalAccount/announcement/${entry.announcementId}`, biz.member.headers);
        expect(single.statusCode).toBe(200);
        expect(entry).toEqual(single.json());
      }
      const sale = list.announcements.find((a) => a.announcementId === ids[0])!;
      expect(sale).toMatchObject({ corporateName: 'Harbor & "Sons" <Ltd>', imageId: picture.obsecuredDisplayItemId, isRead: false });
      expect(sale.attachments.map((a) => a.name)).toEqual(['prices.pdf', 'menu.pdf']);
      expect(list.announcements.find((a) => a.announcementId === read)).toMatchObject({
        corporateAccountId: null,
        corporateName: null,
        imageId: null,
        attachments: [],
        isRead: true,
      });
      expect(list.unreadCount).toBe(list.announcements.filter((a) => !a.isRead).length);

      // Nothing received: an empty list, nothing unread.
      const fresh = await call('GET', '/api/personalAccount/announcements', (await buildStaffedBusiness(ctx.app)).member.headers);
      expect(fresh.json<TAnnouncementList>()).toEqual({ announcements: [], unreadCount: 0 });
    });
  },
  { env: { ADMIN_TOKEN } },
);
