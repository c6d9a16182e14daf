import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { TAuditEntry } from '@vbc/shared/corporate';
import { describeEachDatabase } from '../test/app.ts';
import { buildAccount } from '../test/factories.ts';
import { ADMIN_TOKEN, buildStaffedBusiness } from '../test/announcements-support.ts';

type Headers = Record<string, string>;

describeEachDatabase(
  'the audit log',
  (ctx) => {
    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers = {}, payload?: unknown) =>
      ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
    const audit = async (id: string, headers: Headers, query = '') => {
      const res = await call('GET', `/api/corporate/${id}/audit${query}`, headers);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ items: TAuditEntry[]; nextCursor: string | null }>();
    };

    it("records the console's admin actions with who did them, newest first, and pages through them", async () => {
      const biz = await buildStaffedBusiness(ctx.app);
      const id = biz.corporateAccountId;
      const admin = biz.owner.headers;
      expect((await call('PUT', `/api/corporate/${id}/directory`, admin, { directoryPublic: true })).statusCode).toBe(200);
      expect((await call('PUT', `/api/corporate/${id}/members/${biz.member.account.id}`, admin, { role: 'editor' })).statusCode).toBe(200);
      const invited = await call('POST', `/api/corporate/${id}/invitations`, admin, { email: 'new.hire@example.test', role: 'member' });
      expect(invited.statusCode).toBe(201);
      const invitationId = invited.json().invitationId;
      expect((await call('DELETE', `/api/corporate/${id}/invitations/${invitationId}`, admin)).statusCode).toBe(204);
      expect((await call('DELETE', `/api/corporate/${id}/members/${biz.member.account.id}`, admin)).statusCode).toBe(204);
      const profile = await call('GET', `/api/corporate/${id}/profile`, admin);
      const p = profile.json().profile;
      const saved = await call('PUT', `/api/corporate/${id}/profile`, biz.editor.headers, {
        name: 'Acme Renamed',
        description: null,
        heroImageDisplayId: p.heroImageDisplayId,
        profileImageDisplayId: p.profileImageDisplayId,
        phones: [],
        emails: [],
        links: [],
        socialMedias: [],
        locations: [],
      });
      expect(saved.statusCode, saved.body).toBe(200);

      const { items, nextCursor } = await audit(id, admin);
      expect(nextCursor).toBeNull();
      expect(items.map((e) => e.action)).toEqual([
        'profile.updated',
        'member.removed',
        'invitation.revoked',
        'invitation.created',
        'member.role_changed',
        'directory.changed',
      ]);
      const by = Object.fromEntries(items.map((e) => [e.action, e]));
      expect(by['profile.updated']).toMatchObject({
        actorAccountId: biz.editor.account.id,
        actorName: biz.editor.account.name,
        detail: { name: 'Acme Renamed' },
      });
      expect(by['member.role_changed']).toMatchObject({
        actorAccountId: biz.owner.account.id,
        actorName: biz.owner.account.name,
        detail: { accountId: biz.member.account.id, from: 'member', to: 'editor' },
      });
      expect(by['invitation.created']!.detail).toMatchObject({ invitationId, email: 'new.hire@example.test', role: 'member' });
      expect(by['invitation.revoked']!.detail).toMatchObject({ invitationId, email: 'new.hire@example.test' });
      expect(by['member.removed']!.detail).toMatchObject({ accountId: biz.member.account.id, unlinkedCardIds: [] });
      expect(by['directory.changed']!.detail).toEqual({ directoryPublic: true });

      const first = await audit(id, admin, '?limit=4');
      expect(first.items.map((e) => e.action)).toEqual(items.slice(0, 4).map((e) => e.action));
      expect(first.nextCursor).toEqual(expect.any(String));
      const second = await audit(id, admin, `?limit=4&cursor=${first.nextCursor}`);
      expect(second.items.map((e) => e.auditId)).toEqual(items.slice(4).map((e) => e.auditId));
      expect(second.nextCursor).toBeNull();
    });

    it('records the template, domain and SCIM token actions of issue 27, never a secret', async () => {
      const biz = await buildStaffedBusiness(ctx.app);
      const id = biz.corporateAccountId;
      const admin = biz.owner.headers;
      const template = { organization: 'Acme Harbours', links: [], locations: [], socialMedias: [], locked: ['organization'] };
      expect((await call('PUT', `/api/corporate/${id}/template`, admin, template)).statusCode).toBe(200);
      expect((await call('POST', `/api/corporate/${id}/domains`, admin, { domain: 'acme-audit.example' })).statusCode).toBe(201);
      expect((await call('DELETE', `/api/corporate/${id}/domains/acme-audit.example`, admin)).statusCode).toBe(204);
      const token = await call('POST', `/api/corporate/${id}/scim-tokens`, admin);
      expect(token.statusCode).toBe(201);
      const { id: tokenId, hint, token: secret } = token.json<{ id: string; hint: string; token: string }>();
      expect((await call('DELETE', `/api/corporate/${id}/scim-tokens/${tokenId}`, admin)).statusCode).toBe(204);

      const { items } = await audit(id, admin);
      expect(items.map((e) => e.action)).toEqual([
        'scim_token.revoked',
        'scim_token.created',
        'domain.removed',
        'domain.added',
        'template.updated',
      ]);
      expect(items.every((e) => e.actorAccountId === biz.owner.account.id)).toBe(true);
      expect(items[1]!.detail).toEqual({ tokenId, hint });
      expect(items[3]!.detail).toEqual({ domain: 'acme-audit.example' });
      expect(JSON.stringify(items)).not.toContain(secret);
    });

    it('keeps no entry for an action that was refused, and none of another business', async () => {
      const biz = await buildStaffedBusiness(ctx.app);
      const other = await buildStaffedBusiness(ctx.app, 'Other');
      await call('PUT', `/api/corporate/${other.corporateAccountId}/directory`, other.owner.headers, { directoryPublic: true });
      // The last admin cannot be demoted: a 409, and nothing recorded.
      const refused = await call('PUT', `/api/corporate/${biz.corporateAccountId}/members/${biz.owner.account.id}`, biz.owner.headers, {
        role: 'member',
      });
      expect(refused.statusCode).toBe(409);
      expect((await audit(biz.corporateAccountId, biz.owner.headers)).items).toEqual([]);
    });

    it('answers only admins: 401 signed out, 400 for a malformed id, cursor or limit, 404 to outsiders, 403 to editors and members', async () => {
      const biz = await buildStaffedBusiness(ctx.app);
      const outsider = await buildAccount(ctx.app);
      const path = (id: string, q = '') => `/api/corporate/${id}/audit${q}`;
      expect((await call('GET', path(biz.corporateAccountId))).statusCode).toBe(401);
      const malformed = await call('GET', path('acme'), biz.owner.headers);
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().message).toMatch(/corporateAccountId/);
      const badCursor = await call('GET', path(biz.corporateAccountId, '?cursor=nonsense'), biz.owner.headers);
      expect(badCursor.statusCode).toBe(400);
      expect(badCursor.json().message).toMatch(/^cursor: /);
      const badLimit = await call('GET', path(biz.corporateAccountId, '?limit=1000'), biz.owner.headers);
      expect(badLimit.statusCode).toBe(400);
      expect(badLimit.json().message).toMatch(/limit/);
      expect((await call('GET', path(biz.corporateAccountId), outsider.headers)).statusCode).toBe(404);
      expect((await call('GET', path(randomUUID()), biz.owner.headers)).statusCode).toBe(404);
      for (const who of [biz.editor, biz.member]) {
        const res = await call('GET', path(biz.corporateAccountId), who.headers);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toMatch(/admin role/);
      }
    });
  },
  { env: { ADMIN_TOKEN } },
);
