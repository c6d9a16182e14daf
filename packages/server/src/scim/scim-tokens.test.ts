/** The console's SCIM tokens: admins only, shown once, stored hashed, limited, revocable. */
import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/app.ts';
import { buildAccount } from '../test/factories.ts';
import { ADMIN_TOKEN, buildStaffedBusiness } from '../test/announcements-support.ts';
import { scimTokens } from '../platform/db/schema/index.ts';

describeEachDatabase(
  'SCIM tokens in the console',
  (ctx) => {
    const path = (id: string) => `/api/corporate/${id}/scim-tokens`;

    it('lets an admin make a token shown once and stored as a hash, list and revoke it; refuses others', async () => {
      const biz = await buildStaffedBusiness(ctx.app);
      const outsider = await buildAccount(ctx.app);
      const made = await ctx.app.inject({ method: 'POST', url: path(biz.corporateAccountId), headers: biz.owner.headers });
      expect(made.statusCode).toBe(201);
      expect(made.headers['cache-control']).toBe('private, no-store');
      const created = made.json<{ id: string; token: string; hint: string; createdAt: string; lastUsedAt: null }>();
      expect(created.token).toMatch(/^vbcscim_[A-Za-z0-9_-]{43}$/);
      expect(created.hint).toBe(created.token.slice(-4));
      expect(created.lastUsedAt).toBeNull();

      const [row] = await ctx.app.db.select().from(scimTokens).where(eq(scimTokens.id, created.id));
      expect(row!.tokenHash).toBe(createHash('sha256').update(created.token).digest('hex'));
      expect(JSON.stringify(row)).not.toContain(created.token);

      const listed = await ctx.app.inject({ url: path(biz.corporateAccountId), headers: biz.owner.headers });
      expect(listed.statusCode).toBe(200);
      expect(listed.json()).toEqual([{ id: created.id, hint: created.hint, createdAt: created.createdAt, lastUsedAt: null }]);
      expect(listed.body).not.toContain(created.token);

      // Using it notes when.
      await ctx.app.inject({ url: `/scim/v2/${biz.corporateAccountId}/Users`, headers: { authorization: `Bearer ${created.token}` } });
      expect((await ctx.app.inject({ url: path(biz.corporateAccountId), headers: biz.owner.headers })).json()[0].lastUsedAt).not.toBeNull();

      for (const [who, status] of [
        [biz.editor.headers, 403],
        [biz.member.headers, 403],
        [outsider.headers, 404],
        [{}, 401],
      ] as const) {
        expect((await ctx.app.inject({ method: 'POST', url: path(biz.corporateAccountId), headers: who })).statusCode).toBe(status);
        expect((await ctx.app.inject({ url: path(biz.corporateAccountId), headers: who })).statusCode).toBe(status);
        expect(
          (await ctx.app.inject({ method: 'DELETE', url: `${path(biz.corporateAccountId)}/${created.id}`, headers: who })).statusCode,
        ).toBe(status);
      }
      const malformed = await ctx.app.inject({ method: 'DELETE', url: `${path(biz.corporateAccountId)}/nope`, headers: biz.owner.headers });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().message).toMatch(/tokenId/);

      // Another business's admin cannot revoke it through their own business.
      const other = await buildStaffedBusiness(ctx.app);
      const foreign = await ctx.app.inject({
        method: 'DELETE',
        url: `${path(other.corporateAccountId)}/${created.id}`,
        headers: other.owner.headers,
      });
      expect(foreign.statusCode).toBe(404);

      const revoked = await ctx.app.inject({
        method: 'DELETE',
        url: `${path(biz.corporateAccountId)}/${created.id}`,
        headers: biz.owner.headers,
      });
      expect(revoked.statusCode).toBe(204);
      expect((await ctx.app.inject({ url: path(biz.corporateAccountId), headers: biz.owner.headers })).json()).toEqual([]);
      const again = await ctx.app.inject({
        method: 'DELETE',
        url: `${path(biz.corporateAccountId)}/${created.id}`,
        headers: biz.owner.headers,
      });
      expect(again.statusCode).toBe(404);
      expect(ctx.log.text).not.toContain(created.token);
    });

    it('holds at most 10 tokens per business (409 naming the limit)', async () => {
      const biz = await buildStaffedBusiness(ctx.app);
      for (let i = 0; i < 10; i++) {
        expect((await ctx.app.inject({ method: 'POST', url: path(biz.corporateAccountId), headers: biz.owner.headers })).statusCode).toBe(
          201,
        );
      }
      const eleventh = await ctx.app.inject({ method: 'POST', url: path(biz.corporateAccountId), headers: biz.owner.headers });
      expect(eleventh.statusCode).toBe(409);
      expect(eleventh.json().message).toBe('A business holds at most 10 SCIM tokens: revoke one first.');
      expect((await ctx.app.inject({ url: path(randomUUID()), headers: biz.owner.headers })).statusCode).toBe(404);
    });
  },
  { env: { ADMIN_TOKEN } },
);
