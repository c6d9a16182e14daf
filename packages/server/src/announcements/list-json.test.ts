/**
 * The announcements list is written by PostgreSQL (announcementJson); one announcement is presented
 * by the code (presentAnnouncement). Each entry of the list must be what the single read answers:
 * a business's announcement with a header picture and two attachments in the author's order, a
 * product-wide one without either (null business and picture, no attachments), read and unread;
 * and the unread count covers everything received. The database keeps each announcement's JSON
 * (migration 0036), so the list must follow an edit, the attachments and the business's name.
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

    /** A business whose editor has uploaded a header picture and two documents, menu.pdf and prices.pdf. */
    const stagedBusiness = async (name: string) => {
      const biz = await buildStaffedBusiness(ctx.app, name);
      return {
        biz,
        base: `/api/corporate/${biz.corporateAccountId}/announcements`,
        picture: await uploadPicture(ctx.app, biz.editor.headers),
        menu: await uploadPdf(ctx.app, biz.editor.headers, 'menu.pdf'),
        prices: await uploadPdf(ctx.app, biz.editor.headers, 'prices.pdf'),
      };
    };

    it('answers each announcement as the single read presents it, with the unread count', async () => {
      const { biz, base, picture, menu, prices } = await stagedBusiness('Harbor & "Sons" <Ltd>');
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

    // The database keeps each announcement's JSON (migration 0036): written again when the
    // announcement is edited, its attachments change and the business is renamed.
    it('answers each announcement as the single read does after an edit, new attachments and a renamed business', async () => {
      const { biz, base, picture, menu, prices } = await stagedBusiness('Harbor');
      const created = await call('POST', base, biz.editor.headers, {
        title: 'Open day',
        attachments: [menu.documentFileItemId],
        publish: true,
      });
      expect(created.statusCode).toBe(201);
      const id = created.json<TAuthoredAnnouncement>().announcementId;
      const entry = async () => {
        const list = (await call('GET', '/api/personalAccount/announcements', biz.member.headers)).json<TAnnouncementList>();
        const listed = list.announcements.find((a) => a.announcementId === id);
        const single = await call('GET', `/api/personalAccount/announcement/${id}`, biz.member.headers);
        expect(listed).toEqual(single.json());
        return listed!;
      };
      expect(await entry()).toMatchObject({
        title: 'Open day',
        corporateName: 'Harbor',
        imageId: null,
        attachments: [{ name: 'menu.pdf' }],
      });

      const edited = await call('PUT', `${base}/${id}`, biz.editor.headers, {
        title: 'Open day, "moved" ☀',
        content: 'Now on Sunday.',
        imageId: picture.obsecuredDisplayItemId,
        attachments: [prices.documentFileItemId, menu.documentFileItemId],
      });
      expect(edited.statusCode).toBe(200);
      expect(await entry()).toMatchObject({
        title: 'Open day, "moved" ☀',
        content: 'Now on Sunday.',
        imageId: picture.obsecuredDisplayItemId,
        attachments: [{ name: 'prices.pdf' }, { name: 'menu.pdf' }],
      });

      const profile = (await call('GET', `/api/corporate/${biz.corporateAccountId}/profile`, biz.editor.headers)).json().profile;
      const renamed = await call('PUT', `/api/corporate/${biz.corporateAccountId}/profile`, biz.editor.headers, {
        name: 'Harbor & Sons',
        description: null,
        heroImageDisplayId: profile.heroImageDisplayId,
        profileImageDisplayId: profile.profileImageDisplayId,
        phones: [],
        emails: [],
        links: [],
        socialMedias: [],
        locations: [],
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(await entry()).toMatchObject({ corporateName: 'Harbor & Sons' });

      const dropped = await call('PUT', `${base}/${id}`, biz.editor.headers, { title: 'Open day', imageId: null, attachments: [] });
      expect(dropped.statusCode).toBe(200);
      expect(await entry()).toMatchObject({ imageId: null, attachments: [] });
    });
  },
  { env: { ADMIN_TOKEN } },
);
