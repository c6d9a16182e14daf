import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/app.ts';
import { buildAccount, buildCard } from '../test/factories.ts';
import { ADMIN_TOKEN, buildStaffedBusiness } from '../test/announcements-support.ts';

type Headers = Record<string, string>;

describeEachDatabase(
  'following a business and linking cards',
  (ctx) => {
    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers = {}) =>
      ctx.app.inject({ method, url, headers });

    it('follows and unfollows from the dialog (twice changes nothing); refuses signed-out, malformed and unknown profiles', async () => {
      const biz = await buildStaffedBusiness(ctx.app);
      const ana = await buildAccount(ctx.app);
      const url = `/api/vbc/corporateProfile/${biz.corporateProfileId}/follow`;
      expect((await call('GET', url, ana.headers)).json()).toEqual({
        corporateAccountId: biz.corporateAccountId,
        following: false,
        isMember: false,
      });
      expect((await call('PUT', url, ana.headers)).json()).toMatchObject({ following: true });
      expect((await call('PUT', url, ana.headers)).json()).toMatchObject({ following: true });
      expect((await call('GET', url, ana.headers)).json()).toMatchObject({ following: true });
      expect((await call('DELETE', url, ana.headers)).json()).toMatchObject({ following: false });
      expect((await call('DELETE', url, ana.headers)).json()).toMatchObject({ following: false });
      expect((await call('GET', url, biz.member.headers)).json()).toMatchObject({ following: false, isMember: true });

      expect((await call('PUT', url)).statusCode).toBe(401);
      const bad = await call('PUT', '/api/vbc/corporateProfile/acme/follow', ana.headers);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/corporateProfileId/);
      expect((await call('PUT', `/api/vbc/corporateProfile/${randomUUID()}/follow`, ana.headers)).statusCode).toBe(404);
    });

    it("links a member's card (owner or business admin) so it opens the 'Verified Business' dialog, and unlinks it", async () => {
      const biz = await buildStaffedBusiness(ctx.app);
      const outsider = await buildAccount(ctx.app);
      const memberCard = await buildCard(ctx.app, {}, { ownerAccountId: biz.member.account.id });
      const editorCard = await buildCard(ctx.app, {}, { ownerAccountId: biz.editor.account.id });
      const outsiderCard = await buildCard(ctx.app, {}, { ownerAccountId: outsider.account.id });
      const link = (card: { id: string }) => `/api/corporate/${biz.corporateAccountId}/cards/${card.id}`;
      const publicCard = async (card: { id: string }) => (await call('GET', `/api/vbc/virtualcontact/${card.id}`)).json();

      expect((await call('POST', link(memberCard), biz.member.headers)).statusCode).toBe(204);
      expect(await publicCard(memberCard)).toMatchObject({ isCorporateProfile: true, corporateProfileId: biz.corporateProfileId });
      const info = await call('GET', `/api/vbc/virtualContact/${memberCard.id}/corporateInfo`);
      expect(info.json()).toMatchObject({ corporateProfileId: biz.corporateProfileId });

      // An admin links a member's card; a plain member or an editor cannot link someone else's.
      expect((await call('POST', link(editorCard), biz.member.headers)).statusCode).toBe(404);
      expect((await call('POST', link(editorCard), biz.owner.headers)).statusCode).toBe(204);
      // A card whose owner is not a member: 404 to that owner (not a member), 403 to the admin.
      expect((await call('POST', link(outsiderCard), outsider.headers)).statusCode).toBe(404);
      expect((await call('POST', link(outsiderCard), biz.owner.headers)).statusCode).toBe(403);
      expect((await call('POST', link(memberCard))).statusCode).toBe(401);
      expect((await call('POST', `/api/corporate/${biz.corporateAccountId}/cards/${randomUUID()}`, biz.owner.headers)).statusCode).toBe(
        404,
      );
      expect((await call('POST', `/api/corporate/${biz.corporateAccountId}/cards/nope`, biz.owner.headers)).statusCode).toBe(400);

      // Unlink: not by another member, yes by the owner; by the admin too.
      expect((await call('DELETE', link(memberCard), biz.editor.headers)).statusCode).toBe(404);
      expect((await call('DELETE', link(memberCard), outsider.headers)).statusCode).toBe(404);
      expect((await call('DELETE', link(memberCard), biz.member.headers)).statusCode).toBe(204);
      expect(await publicCard(memberCard)).toMatchObject({ isCorporateProfile: false, corporateProfileId: null });
      expect((await call('DELETE', link(memberCard), biz.member.headers)).statusCode).toBe(404);
      expect((await call('DELETE', link(editorCard), biz.owner.headers)).statusCode).toBe(204);
    });
  },
  { env: { ADMIN_TOKEN } },
);
