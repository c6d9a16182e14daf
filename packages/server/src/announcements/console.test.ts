import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { TAnnouncement, TAuthoredAnnouncement } from '@vbc/shared/announcement';
import { describeEachDatabase } from '../test/app.ts';
import { buildAccount } from '../test/factories.ts';
import { ADMIN_TOKEN, buildStaffedBusiness, uploadPdf, uploadPicture } from '../test/announcements-support.ts';

type Headers = Record<string, string>;

describeEachDatabase(
  "a business's announcements from the console",
  (ctx) => {
    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers = {}, payload?: object) =>
      ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    const read = (headers: Headers, id: string) => call('GET', `/api/personalAccount/announcement/${id}`, headers);

    it('an editor writes with a header picture and a PDF, keeps a draft, publishes, edits and withdraws', async () => {
      const biz = await buildStaffedBusiness(ctx.app);
      const follower = await buildAccount(ctx.app);
      await call('PUT', `/api/vbc/corporateProfile/${biz.corporateProfileId}/follow`, follower.headers);
      const base = `/api/corporate/${biz.corporateAccountId}/announcements`;
      const picture = await uploadPicture(ctx.app, biz.editor.headers);
      const pdf = await uploadPdf(ctx.app, biz.editor.headers);

      const draftRes = await call('POST', base, biz.editor.headers, {
        title: 'Spring sale',
        content: '# Sale',
        imageId: picture.obsecuredDisplayItemId,
        attachments: [pdf.documentFileItemId],
        publish: false,
      });
      expect(draftRes.statusCode).toBe(201);
      const draft = draftRes.json<TAuthoredAnnouncement>();
      expect(draft).toMatchObject({
        isDraft: true,
        recipientCount: 0,
        publishedAt: null,
        imageId: picture.obsecuredDisplayItemId,
        attachments: [{ documentFileItemId: pdf.documentFileItemId, name: 'menu.pdf' }],
      });
      // A draft reaches no one; the console lists it for its authors only.
      expect((await read(biz.member.headers, draft.announcementId)).statusCode).toBe(404);
      expect((await call('GET', base, biz.owner.headers)).json<TAuthoredAnnouncement[]>().map((a) => a.announcementId)).toContain(
        draft.announcementId,
      );

      const publishedRes = await call('PUT', `${base}/${draft.announcementId}`, biz.editor.headers, { publish: true });
      expect(publishedRes.statusCode).toBe(200);
      const published = publishedRes.json<TAuthoredAnnouncement>();
      expect(published).toMatchObject({ isDraft: false, recipientCount: 4 });
      for (const who of [biz.member, follower, biz.owner]) {
        expect((await read(who.headers, draft.announcementId)).json<TAnnouncement>()).toMatchObject({
          title: 'Spring sale',
          imageId: picture.obsecuredDisplayItemId,
          isRead: false,
        });
      }

      await new Promise((r) => setTimeout(r, 5));
      const edited = await call('PUT', `${base}/${draft.announcementId}`, biz.owner.headers, {
        content: '# Sale — extended',
        imageId: null,
      });
      expect(edited.statusCode).toBe(200);
      expect(Date.parse(edited.json<TAuthoredAnnouncement>().lastUpdatedAt)).toBeGreaterThan(Date.parse(published.lastUpdatedAt));
      expect((await read(follower.headers, draft.announcementId)).json<TAnnouncement>()).toMatchObject({
        content: '# Sale — extended',
        imageId: null,
      });
      const back = await call('PUT', `${base}/${draft.announcementId}`, biz.owner.headers, { publish: false });
      expect(back.statusCode).toBe(400);
      expect(back.json().message).toMatch(/publish/);

      expect((await call('DELETE', `${base}/${draft.announcementId}`, biz.editor.headers)).statusCode).toBe(204);
      expect((await read(follower.headers, draft.announcementId)).statusCode).toBe(404);
      expect((await call('DELETE', `${base}/${draft.announcementId}`, biz.editor.headers)).statusCode).toBe(404);
    });

    it('another editor sends back what an announcement shows: the picture and the remaining documents stay, whoever uploaded them', async () => {
      const biz = await buildStaffedBusiness(ctx.app);
      const base = `/api/corporate/${biz.corporateAccountId}/announcements`;
      const picture = await uploadPicture(ctx.app, biz.editor.headers);
      const [menu, prices] = [await uploadPdf(ctx.app, biz.editor.headers), await uploadPdf(ctx.app, biz.editor.headers, 'prices.pdf')];
      const created = (
        await call('POST', base, biz.editor.headers, {
          title: 'Open day',
          imageId: picture.obsecuredDisplayItemId,
          attachments: [menu.documentFileItemId, prices.documentFileItemId],
          publish: false,
        })
      ).json<TAuthoredAnnouncement>();
      // The owner (an admin) drops one of the editor's documents and sends the rest back as they are.
      const edited = await call('PUT', `${base}/${created.announcementId}`, biz.owner.headers, {
        title: 'Open day!',
        imageId: picture.obsecuredDisplayItemId,
        attachments: [prices.documentFileItemId],
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json<TAuthoredAnnouncement>()).toMatchObject({
        title: 'Open day!',
        imageId: picture.obsecuredDisplayItemId,
        attachments: [{ documentFileItemId: prices.documentFileItemId, name: 'prices.pdf' }],
      });
      // A document of the editor's that the announcement does not hold is still not the owner's to add.
      const other = await uploadPdf(ctx.app, biz.editor.headers, 'other.pdf');
      const refused = await call('PUT', `${base}/${created.announcementId}`, biz.owner.headers, {
        attachments: [prices.documentFileItemId, other.documentFileItemId],
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/attachments: .*not one you uploaded/);
    });

    it('refuses plain members (403), non-members and other businesses (404), and files the author did not upload (400)', async () => {
      const biz = await buildStaffedBusiness(ctx.app);
      const other = await buildStaffedBusiness(ctx.app, 'Other Co');
      const outsider = await buildAccount(ctx.app);
      const base = `/api/corporate/${biz.corporateAccountId}/announcements`;
      const draft = (await call('POST', base, biz.editor.headers, { title: 'Secret plan', publish: false })).json<TAuthoredAnnouncement>();
      const item = `${base}/${draft.announcementId}`;

      expect((await call('POST', base, {}, { title: 'x' })).statusCode).toBe(401);
      const asMember = await call('POST', base, biz.member.headers, { title: 'x' });
      expect(asMember.statusCode).toBe(403);
      expect(asMember.json().message).toMatch(/admin or editor/);
      for (const who of [outsider, other.editor]) {
        expect((await call('POST', base, who.headers, { title: 'x' })).statusCode).toBe(404);
        expect((await call('GET', base, who.headers)).statusCode).toBe(404);
        expect((await call('GET', item, who.headers)).statusCode).toBe(404);
        expect((await call('PUT', item, who.headers, { title: 'hijacked' })).statusCode).toBe(404);
        expect((await call('DELETE', item, who.headers)).statusCode).toBe(404);
      }
      // Another business's editor cannot reach this one's draft through their own business either.
      expect(
        (await call('GET', `/api/corporate/${other.corporateAccountId}/announcements/${draft.announcementId}`, other.editor.headers))
          .statusCode,
      ).toBe(404);
      expect(
        (
          await call('PUT', `/api/corporate/${other.corporateAccountId}/announcements/${draft.announcementId}`, other.editor.headers, {
            title: 'x',
          })
        ).statusCode,
      ).toBe(404);
      expect((await call('GET', `/api/corporate/${randomUUID()}/announcements`, biz.editor.headers)).statusCode).toBe(404);
      expect((await call('GET', '/api/corporate/acme/announcements', biz.editor.headers)).statusCode).toBe(400);

      const theirs = await uploadPicture(ctx.app, outsider.headers);
      const theirPdf = await uploadPdf(ctx.app, outsider.headers);
      const cases: Array<[object, RegExp]> = [
        [{ title: 'x', imageId: theirs.displayItemId }, /imageId: .*not one you uploaded/],
        [{ title: 'x', attachments: [theirPdf.documentFileItemId] }, /attachments: .*not one you uploaded/],
        [{ title: '' }, /title/],
        [{ title: 'x', publish: 'yes' }, /publish/],
        [{ title: 'x', attachments: Array.from({ length: 11 }, () => randomUUID()) }, /attachments/],
      ];
      for (const [payload, message] of cases) {
        const res = await call('POST', base, biz.editor.headers, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().message).toMatch(message);
      }
      const put = await call('PUT', item, biz.editor.headers, { imageId: theirs.displayItemId });
      expect(put.statusCode).toBe(400);
      expect((await call('GET', item, biz.editor.headers)).json<TAuthoredAnnouncement>()).toMatchObject({
        title: 'Secret plan',
        imageId: null,
      });
    });
  },
  { env: { ADMIN_TOKEN } },
);
