import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { TAnnouncement, TAnnouncementList, TAuthoredAnnouncement } from '@vbc/shared/announcement';
import { eq } from 'drizzle-orm';
import { accounts, announcementRecipients, announcements } from '../platform/db/schema/index.ts';
import { describeEachDatabase } from '../test/app.ts';
import { buildAccount } from '../test/factories.ts';
import { ADMIN_TOKEN, admin, buildStaffedBusiness, uploadPdf, uploadPicture } from '../test/announcements-support.ts';
import { writeRecipients } from './recipients.ts';

type Headers = Record<string, string>;

describeEachDatabase(
  'announcements',
  (ctx) => {
    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers = {}, payload?: object) =>
      ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    const list = async (headers: Headers) => (await call('GET', '/api/personalAccount/announcements', headers)).json<TAnnouncementList>();
    const one = (headers: Headers, id: string) => call('GET', `/api/personalAccount/announcement/${id}`, headers);

    it('publishes a product-wide announcement to every account; a recipient reads it and marks it read; others get 404', async () => {
      const ana = await buildAccount(ctx.app);
      const ben = await buildAccount(ctx.app);
      const picture = await uploadPicture(ctx.app, ana.headers);
      const res = await call('POST', '/api/admin/announcements', admin, {
        title: '  Maintenance tonight ',
        content: '**Down** 22:00–23:00',
        imageId: picture.displayItemId,
      });
      expect(res.statusCode).toBe(201);
      const published = res.json<TAuthoredAnnouncement>();
      expect(published).toMatchObject({
        title: 'Maintenance tonight',
        content: '**Down** 22:00–23:00',
        corporateAccountId: null,
        corporateName: null,
        imageId: picture.obsecuredDisplayItemId,
        isDraft: false,
        attachments: [],
      });
      expect(published.recipientCount).toBeGreaterThanOrEqual(2);

      const anaList = await list(ana.headers);
      expect(anaList.announcements[0]).toMatchObject({
        announcementId: published.announcementId,
        isRead: false,
        title: 'Maintenance tonight',
      });
      const unreadBefore = anaList.unreadCount;
      expect(unreadBefore).toBeGreaterThanOrEqual(1);

      const read = await one(ana.headers, published.announcementId.toUpperCase());
      expect(read.statusCode).toBe(200);
      expect(read.json<TAnnouncement>()).toMatchObject({
        announcementId: published.announcementId,
        content: '**Down** 22:00–23:00',
        isRead: false,
      });
      expect((await call('POST', `/api/personalAccount/announcement/${published.announcementId}/read`, ana.headers)).statusCode).toBe(204);
      expect((await call('POST', `/api/personalAccount/announcement/${published.announcementId}/read`, ana.headers)).statusCode).toBe(204);
      const after = await list(ana.headers);
      expect(after.unreadCount).toBe(unreadBefore - 1);
      expect(after.announcements.find((a) => a.announcementId === published.announcementId)?.isRead).toBe(true);
      // Ben's mark is his own.
      expect((await one(ben.headers, published.announcementId)).json<TAnnouncement>().isRead).toBe(false);

      // An account made afterwards did not receive it.
      const late = await buildAccount(ctx.app);
      expect((await one(late.headers, published.announcementId)).statusCode).toBe(404);
      expect((await call('POST', `/api/personalAccount/announcement/${published.announcementId}/read`, late.headers)).statusCode).toBe(404);
      expect((await list(late.headers)).announcements.map((a) => a.announcementId)).not.toContain(published.announcementId);
    });

    it('lists newest first', async () => {
      const ana = await buildAccount(ctx.app);
      const first = (await call('POST', '/api/admin/announcements', admin, { title: 'First' })).json<TAuthoredAnnouncement>();
      const second = (await call('POST', '/api/admin/announcements', admin, { title: 'Second' })).json<TAuthoredAnnouncement>();
      const ids = (await list(ana.headers)).announcements.map((a) => a.announcementId);
      expect(ids.indexOf(second.announcementId)).toBeLessThan(ids.indexOf(first.announcementId));
      expect(ids.indexOf(first.announcementId)).toBeGreaterThanOrEqual(0);
    });

    it('refuses bad reads: no sign-in 401, a malformed id 400, an unknown id 404', async () => {
      const ana = await buildAccount(ctx.app);
      expect((await call('GET', '/api/personalAccount/announcements')).statusCode).toBe(401);
      expect((await one({}, randomUUID())).statusCode).toBe(401);
      const bad = await one(ana.headers, 'not-an-id');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/announcementId/);
      expect((await one(ana.headers, randomUUID())).statusCode).toBe(404);
      expect((await call('POST', `/api/personalAccount/announcement/${randomUUID()}/read`, ana.headers)).statusCode).toBe(404);
    });

    it("refuses the operator's bad announcements with a 4xx naming the problem, writing nothing", async () => {
      const ana = await buildAccount(ctx.app);
      expect((await call('POST', '/api/admin/announcements', {}, { title: 'x' })).statusCode).toBe(401);
      expect((await call('POST', '/api/admin/announcements', { authorization: `Bearer ${ADMIN_TOKEN}x` }, { title: 'x' })).statusCode).toBe(
        403,
      );
      const cases: Array<[object, RegExp]> = [
        [{ title: '   ' }, /title/],
        [{}, /title/],
        [{ title: 'x'.repeat(201) }, /title/],
        [{ title: 'ok', content: 'x'.repeat(20_001) }, /content/],
        [{ title: 'ok', corporateAccountId: 'acme' }, /corporateAccountId/],
        [{ title: 'ok', corporateAccountId: randomUUID() }, /corporateAccountId/],
        [{ title: 'ok', imageId: randomUUID() }, /imageId/],
        [{ title: 'ok', attachments: [randomUUID()] }, /attachments/],
        [{ title: 'ok', attachments: ['nope'] }, /attachments/],
      ];
      const before = (await list(ana.headers)).announcements.length;
      for (const [payload, message] of cases) {
        const res = await call('POST', '/api/admin/announcements', admin, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().message).toMatch(message);
      }
      expect((await list(ana.headers)).announcements.length).toBe(before);
    });

    it("publishes a business's announcement to its members and followers only, with the business's name", async () => {
      const biz = await buildStaffedBusiness(ctx.app, 'Acme Bakery');
      const follower = await buildAccount(ctx.app);
      const outsider = await buildAccount(ctx.app);
      expect((await call('PUT', `/api/vbc/corporateProfile/${biz.corporateProfileId}/follow`, follower.headers)).json()).toMatchObject({
        following: true,
        isMember: false,
      });

      const pdf = await uploadPdf(ctx.app, (await buildAccount(ctx.app)).headers);
      const res = await call('POST', '/api/admin/announcements', admin, {
        title: 'New menu',
        corporateAccountId: biz.corporateAccountId,
        attachments: [pdf],
      });
      expect(res.statusCode).toBe(201);
      const published = res.json<TAuthoredAnnouncement>();
      expect(published).toMatchObject({
        corporateName: 'Acme Bakery',
        recipientCount: 4,
        attachments: [{ name: 'menu.pdf', contentType: 'application/pdf', documentFileItemId: pdf.documentFileItemId }],
      });
      for (const who of [biz.owner, biz.editor, biz.member, follower]) {
        const got = await one(who.headers, published.announcementId);
        expect(got.statusCode).toBe(200);
        expect(got.json<TAnnouncement>()).toMatchObject({ corporateName: 'Acme Bakery', corporateAccountId: biz.corporateAccountId });
      }
      expect((await one(outsider.headers, published.announcementId)).statusCode).toBe(404);
    });

    it('writes the recipients a slice at a time (a product-wide one reaches 100,000 accounts): each once, none left out, again nothing', async () => {
      const biz = await buildStaffedBusiness(ctx.app, 'Sliced');
      const followers = [await buildAccount(ctx.app), await buildAccount(ctx.app)];
      for (const f of [...followers, biz.member])
        await call('PUT', `/api/vbc/corporateProfile/${biz.corporateProfileId}/follow`, f.headers);
      const [announcement] = await ctx.app.db
        .insert(announcements)
        .values({ title: 'Sliced', corporateAccountId: biz.corporateAccountId, publishedAt: new Date() })
        .returning();
      const audience = [biz.owner, biz.editor, biz.member, ...followers].map((p) => p.account.id).sort();
      // Two a statement: three slices for five people (the member who also follows counts once).
      const written = await writeRecipients(ctx.app.db, announcement!.id, biz.corporateAccountId, 2);
      expect([...written].sort()).toEqual(audience);
      const rows = await ctx.app.db
        .select({ accountId: announcementRecipients.accountId })
        .from(announcementRecipients)
        .where(eq(announcementRecipients.announcementId, announcement!.id));
      expect(rows.map((r) => r.accountId).sort()).toEqual(audience);
      expect(await writeRecipients(ctx.app.db, announcement!.id, biz.corporateAccountId, 2)).toEqual([]);
      // A product-wide one: every account, whatever the slice.
      const [everyone] = await ctx.app.db.insert(announcements).values({ title: 'Everyone', publishedAt: new Date() }).returning();
      const all = await writeRecipients(ctx.app.db, everyone!.id, null, 3);
      expect(all.length).toBe((await ctx.app.db.select({ id: accounts.id }).from(accounts)).length);
      expect(new Set(all).size).toBe(all.length);
    });
  },
  { env: { ADMIN_TOKEN } },
);
