import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/app.ts';
import { buildAccount, buildCard } from '../test/factories.ts';
import { ADMIN_TOKEN, buildStaffedBusiness, uploadPicture } from '../test/announcements-support.ts';

type Headers = Record<string, string>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describeEachDatabase(
  'the corporate console',
  (ctx) => {
    const call = (method: Method, url: string, headers: Headers = {}, payload?: unknown) =>
      ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

    /** Every refusal a console route gives: signed out 401, malformed id 400, non-member and unknown business 404, `denied` 403. */
    async function expectGuarded(
      method: Method,
      path: (corporateAccountId: string) => string,
      allowed: Headers,
      denied: Headers[],
      outsider: Headers,
      corporateAccountId: string,
      payload?: unknown,
    ) {
      expect((await call(method, path(corporateAccountId), {}, payload)).statusCode).toBe(401);
      const malformed = await call(method, path('acme'), allowed, payload);
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().message).toMatch(/corporateAccountId/);
      expect((await call(method, path(corporateAccountId), outsider, payload)).statusCode).toBe(404);
      expect((await call(method, path(randomUUID()), allowed, payload)).statusCode).toBe(404);
      for (const headers of denied) {
        const res = await call(method, path(corporateAccountId), headers, payload);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toMatch(/role/);
      }
    }

    const profileInput = {
      name: 'Acme Corp',
      description: 'We build harbours.\nSince 1990.',
      phones: [{ phoneNumber: '+63 917 555 0101' }],
      emails: [{ email: 'hello@acme.test' }],
      links: [{ linkUrl: 'acme.test' }],
      socialMedias: [{ socialMediaType: 'LinkedIn', accountId: 'acme' }],
      locations: [{ title: 'Head office', googlePlaceId: 'ChIJ123' }],
    };

    it('reads and edits every corporate-profile field with hero and profile images (admin, editor); refuses members, outsiders and bad input', async () => {
      const biz = await buildStaffedBusiness(ctx.app);
      const outsider = await buildAccount(ctx.app);
      const path = (id: string) => `/api/corporate/${id}/profile`;

      const read = await call('GET', path(biz.corporateAccountId), biz.editor.headers);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({
        corporateAccountId: biz.corporateAccountId,
        name: 'Acme',
        role: 'editor',
        verified: true,
        directoryPublic: false,
        profile: { corporateProfileId: biz.corporateProfileId },
      });
      await expectGuarded('GET', path, biz.owner.headers, [biz.member.headers], outsider.headers, biz.corporateAccountId);

      const hero = await uploadPicture(ctx.app, biz.editor.headers);
      const logo = await uploadPicture(ctx.app, biz.editor.headers);
      const saved = await call('PUT', path(biz.corporateAccountId), biz.editor.headers, {
        ...profileInput,
        heroImageDisplayId: hero.displayItemId,
        profileImageDisplayId: logo.obsecuredDisplayItemId,
      });
      expect(saved.statusCode).toBe(200);
      const profile = saved.json().profile;
      expect(profile).toMatchObject({
        name: 'Acme Corp',
        description: 'We build harbours.\nSince 1990.',
        heroImageDisplayId: hero.displayItemId,
        profileImageDisplayId: logo.displayItemId,
        heroImage: { obsecuredDisplayItemId: hero.obsecuredDisplayItemId },
        profileImage: { obsecuredDisplayItemId: logo.obsecuredDisplayItemId },
        phones: [{ phoneNumber: '+63 917 555 0101' }],
        emails: [{ email: 'hello@acme.test' }],
        links: [{ linkUrl: 'acme.test' }],
        socialMedias: [{ socialMediaType: 'LinkedIn', accountId: 'acme', useUrlOverride: false, urlOverride: null }],
        locations: [{ title: 'Head office', googlePlaceId: 'ChIJ123' }],
      });
      expect(profile.phones[0].id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Date.parse(profile.lastUpdatedAt)).toBeGreaterThan(Date.parse(read.json().profile.lastUpdatedAt));
      // The 'Verified Business' dialog's public read shows the same profile.
      expect((await call('GET', `/api/vbc/corporateProfile/${biz.corporateProfileId}`)).json()).toEqual(profile);
      expect((await call('GET', '/api/personalAccount/businesses', biz.editor.headers)).json()).toEqual([
        { corporateAccountId: biz.corporateAccountId, name: 'Acme Corp', role: 'editor', corporateProfileId: biz.corporateProfileId },
      ]);

      // The admin saves it back unchanged: the editor's pictures and the entries' ids stay.
      const again = await call('PUT', path(biz.corporateAccountId), biz.owner.headers, { ...profile, name: 'Acme' });
      expect(again.statusCode).toBe(200);
      expect(again.json().profile).toMatchObject({ heroImageDisplayId: hero.displayItemId, phones: [{ id: profile.phones[0].id }] });

      // Another account's upload, a picture that is not stored, and malformed fields: 400 naming the field.
      const theirs = await uploadPicture(ctx.app, outsider.headers);
      const stolen = await call('PUT', path(biz.corporateAccountId), biz.owner.headers, {
        ...profileInput,
        heroImageDisplayId: theirs.displayItemId,
      });
      expect(stolen.statusCode).toBe(400);
      expect(stolen.json().message).toMatch(/heroImageDisplayId: this picture is not one you uploaded/);
      const missing = await call('PUT', path(biz.corporateAccountId), biz.owner.headers, {
        ...profileInput,
        profileImageDisplayId: randomUUID(),
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toMatch(/profileImageDisplayId: this picture is not stored/);
      for (const [bad, field] of [
        [{ ...profileInput, name: '  ' }, /name/],
        [{ ...profileInput, emails: [{ email: 'nope' }] }, /emails/],
        [{ ...profileInput, phones: [{ phoneNumber: 'call me' }] }, /phones/],
        [{ ...profileInput, socialMedias: [{ socialMediaType: 'MySpace' }] }, /socialMediaType/],
        [{ ...profileInput, links: Array.from({ length: 51 }, () => ({ linkUrl: 'a.test' })) }, /links/],
        [{ ...profileInput, description: 'x'.repeat(1001) }, /description: Max 1000 characters/],
        [{ ...profileInput, description: 42 }, /description/],
      ] as const) {
        const res = await call('PUT', path(biz.corporateAccountId), biz.owner.headers, bad);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(field);
      }
      await expectGuarded('PUT', path, biz.owner.headers, [biz.member.headers], outsider.headers, biz.corporateAccountId, profileInput);

      // An empty description, or none sent, is no description.
      for (const description of ['   ', undefined]) {
        const cleared = await call('PUT', path(biz.corporateAccountId), biz.owner.headers, { ...profileInput, description });
        expect(cleared.statusCode).toBe(200);
        expect(cleared.json().profile.description).toBeNull();
      }
    });

    it('lists members; the admin changes roles and removes members (their linked cards unlinked), never the last admin', async () => {
      const biz = await buildStaffedBusiness(ctx.app);
      const outsider = await buildAccount(ctx.app);
      const members = (id: string) => `/api/corporate/${id}/members`;
      const one = (accountId: string) => (id: string) => `/api/corporate/${id}/members/${accountId}`;

      const list = await call('GET', members(biz.corporateAccountId), biz.editor.headers);
      expect(list.statusCode).toBe(200);
      expect(list.json().map((m: { accountId: string; role: string }) => [m.accountId, m.role])).toEqual([
        [biz.owner.account.id, 'admin'],
        [biz.editor.account.id, 'editor'],
        [biz.member.account.id, 'member'],
      ]);
      expect(list.json()[0]).toMatchObject({ name: biz.owner.account.name, email: biz.owner.account.email });
      await expectGuarded('GET', members, biz.owner.headers, [biz.member.headers], outsider.headers, biz.corporateAccountId);

      const promoted = await call('PUT', one(biz.member.account.id)(biz.corporateAccountId), biz.owner.headers, { role: 'admin' });
      expect(promoted.statusCode).toBe(200);
      expect(promoted.json()).toMatchObject({ accountId: biz.member.account.id, role: 'admin' });
      const badRole = await call('PUT', one(biz.member.account.id)(biz.corporateAccountId), biz.owner.headers, { role: 'owner' });
      expect(badRole.statusCode).toBe(400);
      expect(badRole.json().message).toMatch(/role/);
      expect((await call('PUT', one(outsider.account.id)(biz.corporateAccountId), biz.owner.headers, { role: 'editor' })).statusCode).toBe(
        404,
      );
      expect(
        (await call('PUT', `/api/corporate/${biz.corporateAccountId}/members/nope`, biz.owner.headers, { role: 'editor' })).statusCode,
      ).toBe(400);
      await expectGuarded(
        'PUT',
        one(biz.member.account.id),
        biz.owner.headers,
        [biz.editor.headers],
        outsider.headers,
        biz.corporateAccountId,
        { role: 'member' },
      );

      // Two admins: one may step down; then the other is the last and can neither be demoted nor removed.
      expect((await call('PUT', one(biz.owner.account.id)(biz.corporateAccountId), biz.owner.headers, { role: 'member' })).statusCode).toBe(
        200,
      );
      const lastDemote = await call('PUT', one(biz.member.account.id)(biz.corporateAccountId), biz.member.headers, { role: 'editor' });
      expect(lastDemote.statusCode).toBe(409);
      expect(lastDemote.json().message).toMatch(/at least one admin/);
      const lastRemove = await call('DELETE', one(biz.member.account.id)(biz.corporateAccountId), biz.member.headers);
      expect(lastRemove.statusCode).toBe(409);

      // Removing the editor unlinks their card from the business.
      const card = await buildCard(ctx.app, {}, { ownerAccountId: biz.editor.account.id });
      expect((await call('POST', `/api/corporate/${biz.corporateAccountId}/cards/${card.id}`, biz.editor.headers)).statusCode).toBe(204);
      await expectGuarded(
        'DELETE',
        one(biz.editor.account.id),
        biz.member.headers,
        [biz.owner.headers],
        outsider.headers,
        biz.corporateAccountId,
      );
      expect((await call('DELETE', one(biz.editor.account.id)(biz.corporateAccountId), biz.member.headers)).statusCode).toBe(204);
      expect((await call('DELETE', one(biz.editor.account.id)(biz.corporateAccountId), biz.member.headers)).statusCode).toBe(404);
      expect((await call('GET', `/api/vbc/virtualcontact/${card.id}`)).json()).toMatchObject({
        isCorporateProfile: false,
        corporateProfileId: null,
      });
      expect((await call('GET', members(biz.corporateAccountId), biz.editor.headers)).statusCode).toBe(404);
      expect((await call('GET', '/api/personalAccount/businesses', biz.editor.headers)).json()).toEqual([]);
    });

    it('invites by e-mail and phone; the invitee sees, accepts or declines; the admin lists and revokes; refuses duplicates and bad contacts', async () => {
      const biz = await buildStaffedBusiness(ctx.app, 'Invites Inc');
      const outsider = await buildAccount(ctx.app);
      const byMail = await buildAccount(ctx.app);
      const byPhone = await buildAccount(ctx.app, { phoneNumber: `09${String(Date.now()).slice(-9)}` });
      const path = (id: string) => `/api/corporate/${id}/invitations`;

      const mailInvite = await call('POST', path(biz.corporateAccountId), biz.owner.headers, {
        email: byMail.account.email!.toUpperCase(),
        role: 'editor',
      });
      expect(mailInvite.statusCode).toBe(201);
      expect(mailInvite.json()).toMatchObject({ email: byMail.account.email, phoneNumber: null, role: 'editor' });
      const phoneInvite = await call('POST', path(biz.corporateAccountId), biz.owner.headers, {
        phoneNumber: byPhone.account.phoneNumber,
        email: '',
      });
      expect(phoneInvite.statusCode).toBe(201);
      expect(phoneInvite.json()).toMatchObject({ phoneNumber: byPhone.account.phoneNumber, role: 'member' });

      const pending = await call('GET', path(biz.corporateAccountId), biz.owner.headers);
      expect(
        pending
          .json()
          .map((i: { invitationId: string }) => i.invitationId)
          .sort(),
      ).toEqual([mailInvite.json().invitationId, phoneInvite.json().invitationId].sort());

      for (const [body, message] of [
        [{ email: byMail.account.email }, /pending invitation/],
        [{ email: biz.member.account.email }, /member of this business already/],
      ] as const) {
        const res = await call('POST', path(biz.corporateAccountId), biz.owner.headers, body);
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toMatch(message);
      }
      for (const [body, message] of [
        [{}, /Give an email or a phoneNumber/],
        [{ email: 'a@b.test', phoneNumber: '09171234567' }, /not both/],
        [{ email: 'not-an-address' }, /email/],
        [{ phoneNumber: '12ab' }, /phoneNumber/],
        [{ email: 'a@b.test', role: 'boss' }, /role/],
      ] as const) {
        const res = await call('POST', path(biz.corporateAccountId), biz.owner.headers, body);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(message);
      }
      await expectGuarded(
        'GET',
        path,
        biz.owner.headers,
        [biz.editor.headers, biz.member.headers],
        outsider.headers,
        biz.corporateAccountId,
      );
      await expectGuarded(
        'POST',
        path,
        biz.owner.headers,
        [biz.editor.headers, biz.member.headers],
        outsider.headers,
        biz.corporateAccountId,
        { email: 'x@y.test' },
      );

      // The invitees see their invitation (nobody else does), accept or decline it; each only once.
      const mine = await call('GET', '/api/personalAccount/invitations', byMail.headers);
      expect(mine.json()).toEqual([
        {
          invitationId: mailInvite.json().invitationId,
          corporateAccountId: biz.corporateAccountId,
          corporateName: 'Invites Inc',
          role: 'editor',
          createdAt: expect.any(String),
        },
      ]);
      expect((await call('GET', '/api/personalAccount/invitations', outsider.headers)).json()).toEqual([]);
      expect((await call('GET', '/api/personalAccount/invitations')).statusCode).toBe(401);
      const accept = (who: Headers, id: string) => call('POST', `/api/personalAccount/invitations/${id}/accept`, who);
      const decline = (who: Headers, id: string) => call('POST', `/api/personalAccount/invitations/${id}/decline`, who);
      expect((await accept(outsider.headers, mailInvite.json().invitationId)).statusCode).toBe(404);
      expect((await decline(outsider.headers, mailInvite.json().invitationId)).statusCode).toBe(404);
      expect((await accept(byMail.headers, 'nope')).statusCode).toBe(400);
      expect((await accept({}, mailInvite.json().invitationId)).statusCode).toBe(401);
      const accepted = await accept(byMail.headers, mailInvite.json().invitationId);
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json()).toEqual({ corporateAccountId: biz.corporateAccountId, role: 'editor', virtualContactId: null });
      expect((await accept(byMail.headers, mailInvite.json().invitationId)).statusCode).toBe(404);
      expect((await call('GET', `/api/corporate/${biz.corporateAccountId}/members`, biz.owner.headers)).json()).toContainEqual(
        expect.objectContaining({ accountId: byMail.account.id, role: 'editor' }),
      );
      expect((await call('GET', '/api/personalAccount/businesses', byMail.headers)).json()).toMatchObject([
        { corporateAccountId: biz.corporateAccountId, role: 'editor' },
      ]);

      expect((await call('GET', '/api/personalAccount/invitations', byPhone.headers)).json()).toHaveLength(1);
      expect((await decline(byPhone.headers, phoneInvite.json().invitationId)).statusCode).toBe(204);
      expect((await call('GET', '/api/personalAccount/invitations', byPhone.headers)).json()).toEqual([]);
      expect((await call('GET', path(biz.corporateAccountId), biz.owner.headers)).json()).toEqual([]);

      // Revoke: the admin only; then the invitee no longer sees it.
      const again = (
        await call('POST', path(biz.corporateAccountId), biz.owner.headers, { phoneNumber: byPhone.account.phoneNumber })
      ).json();
      const revoke = (id: string) => `/api/corporate/${id}/invitations/${again.invitationId}`;
      await expectGuarded('DELETE', revoke, biz.owner.headers, [biz.member.headers], outsider.headers, biz.corporateAccountId);
      expect((await call('DELETE', revoke(biz.corporateAccountId), biz.owner.headers)).statusCode).toBe(204);
      expect((await call('DELETE', revoke(biz.corporateAccountId), biz.owner.headers)).statusCode).toBe(404);
      expect((await call('DELETE', `/api/corporate/${biz.corporateAccountId}/invitations/nope`, biz.owner.headers)).statusCode).toBe(400);
      expect((await call('GET', '/api/personalAccount/invitations', byPhone.headers)).json()).toEqual([]);
    });

    it('opens and closes the team page with the directory switch (admin only)', async () => {
      const biz = await buildStaffedBusiness(ctx.app);
      const outsider = await buildAccount(ctx.app);
      const path = (id: string) => `/api/corporate/${id}/directory`;
      expect((await call('GET', `/api/directories/${biz.corporateAccountId}`)).statusCode).toBe(404);
      const open = await call('PUT', path(biz.corporateAccountId), biz.owner.headers, { directoryPublic: true });
      expect(open.statusCode).toBe(200);
      expect(open.json()).toEqual({ directoryPublic: true });
      expect((await call('GET', `/api/directories/${biz.corporateAccountId}`)).statusCode).toBe(200);
      expect((await call('GET', `/api/corporate/${biz.corporateAccountId}/profile`, biz.owner.headers)).json()).toMatchObject({
        directoryPublic: true,
      });
      const bad = await call('PUT', path(biz.corporateAccountId), biz.owner.headers, { directoryPublic: 'yes' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/directoryPublic/);
      await expectGuarded(
        'PUT',
        path,
        biz.owner.headers,
        [biz.editor.headers, biz.member.headers],
        outsider.headers,
        biz.corporateAccountId,
        { directoryPublic: false },
      );
      expect((await call('PUT', path(biz.corporateAccountId), biz.owner.headers, { directoryPublic: false })).json()).toEqual({
        directoryPublic: false,
      });
      expect((await call('GET', `/api/directories/${biz.corporateAccountId}`)).statusCode).toBe(404);
      expect((await call('GET', '/api/personalAccount/businesses')).statusCode).toBe(401);
      expect((await call('GET', '/api/personalAccount/businesses', biz.member.headers)).json()).toEqual([]);
    });
  },
  { env: { ADMIN_TOKEN } },
);
