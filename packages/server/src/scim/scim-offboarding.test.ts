/**
 * SCIM's effects on the business: a new user is a member; name and title changes reach the
 * person's linked card; `active: false` and DELETE offboard through corporate's removeMember while
 * the printed card's QR link (the short link and the public card) keeps answering.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/app.ts';
import { buildCard } from '../test/factories.ts';
import { ADMIN_TOKEN, buildStaffedBusiness } from '../test/announcements-support.ts';
import { buildProvisionedBusiness } from '../test/scim-support.ts';

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

describeEachDatabase(
  'SCIM offboarding and card fields',
  (ctx) => {
    const provisioned = () => buildProvisionedBusiness(ctx.app);

    const patch = (...Operations: unknown[]) => ({ schemas: [PATCH_OP], Operations });
    const publicCard = (id: string) => ctx.app.inject({ url: `/api/vbc/virtualcontact/${id}` });

    it('a deactivated member leaves the business, their printed card keeps answering, and reactivation brings them back', async () => {
      const { scim, memberIds, corporateProfileId } = await provisioned();
      const userName = `alice-${randomUUID().slice(0, 8)}@example.com`;
      const created = await scim('POST', '/Users', {
        schemas: [USER],
        userName,
        name: { givenName: 'Alice', familyName: 'Ng' },
        title: 'Engineer',
      });
      expect(created.statusCode).toBe(201);
      const { id } = created.json<{ id: string }>();
      expect(await memberIds()).toContain(id);

      // Alice's card, printed on QR codes, linked to the business.
      const card = await buildCard(
        ctx.app,
        { firstName: 'Alice', lastName: 'Ng', jobTitle: 'Engineer' },
        { ownerAccountId: id, corporateProfileId },
      );
      expect((await publicCard(card.id)).json()).toMatchObject({ firstName: 'Alice', jobTitle: 'Engineer', isCorporateProfile: true });

      // Name and title changes flow into the linked card (its cache follows).
      const renamed = await scim(
        'PATCH',
        `/Users/${id}`,
        patch({ op: 'replace', path: 'name.givenName', value: 'Alicia' }, { op: 'replace', path: 'title', value: 'CTO' }),
      );
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect((await publicCard(card.id)).json()).toMatchObject({ firstName: 'Alicia', lastName: 'Ng', jobTitle: 'CTO' });

      // Azure's deactivation: a PATCH with active false and no path.
      const off = await scim('PATCH', `/Users/${id}`, patch({ op: 'replace', value: { active: false } }));
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json()).toMatchObject({ id, userName, active: false, title: 'CTO' });
      expect(await memberIds()).not.toContain(id);
      // The SCIM resource stays (active false) until deleted; the filter still finds it.
      expect((await scim('GET', `/Users/${id}`)).json()).toMatchObject({ active: false });
      expect((await scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`)).json()).toMatchObject({
        totalResults: 1,
        Resources: [{ id, active: false }],
      });

      // The printed QR link still works: the short link redirects to the card, the card answers.
      const short = await ctx.app.inject({ url: `/ds/vbc/i/${card.id}` });
      expect(short.statusCode).toBe(302);
      expect(short.headers.location).toBe(`/vbc/${card.quickId}`);
      const after = await publicCard(card.quickId);
      expect(after.statusCode).toBe(200);
      expect(after.json()).toMatchObject({ id: card.id, firstName: 'Alicia' });

      // Okta's reactivation: a PUT with active true; Alice is a member again.
      const on = await scim('PUT', `/Users/${id}`, {
        schemas: [USER],
        userName,
        name: { givenName: 'Alicia', familyName: 'Ng' },
        title: 'CTO',
        active: true,
      });
      expect(on.statusCode, on.body).toBe(200);
      expect(on.json()).toMatchObject({ active: true });
      expect(await memberIds()).toContain(id);

      // DELETE offboards as well and forgets the resource; the account stays.
      expect((await scim('DELETE', `/Users/${id}`)).statusCode).toBe(204);
      expect(await memberIds()).not.toContain(id);
      expect((await scim('GET', `/Users/${id}`)).statusCode).toBe(404);
      expect((await publicCard(card.id)).statusCode).toBe(200);
    });

    it('creating a user with an existing account joins that account; active false at creation records it without membership', async () => {
      const biz = await provisioned();
      const other = await buildStaffedBusiness(ctx.app, 'Other');
      // A member of another business is provisioned here too: the same account, no new one.
      const joined = await biz.scim('POST', '/Users', { schemas: [USER], userName: other.member.account.email });
      expect(joined.statusCode).toBe(201);
      expect(joined.json()).toMatchObject({ id: other.member.account.id, displayName: other.member.account.name });
      expect(await biz.memberIds()).toContain(other.member.account.id);

      const dormant = await biz.scim('POST', '/Users', {
        schemas: [USER],
        userName: `later-${randomUUID().slice(0, 8)}@example.com`,
        active: false,
      });
      expect(dormant.statusCode).toBe(201);
      expect(dormant.json()).toMatchObject({ active: false });
      expect(await biz.memberIds()).not.toContain(dormant.json().id);
    });

    it("refuses to deactivate the business's last admin, in SCIM's error format", async () => {
      const { scim, owner } = await provisioned();
      const res = await scim('PATCH', `/Users/${owner.account.id}`, patch({ op: 'replace', path: 'active', value: false }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
        status: '409',
        detail: expect.stringMatching(/admin/),
      });
      expect((await scim('DELETE', `/Users/${owner.account.id}`)).statusCode).toBe(409);
      expect((await scim('GET', `/Users/${owner.account.id}`)).json()).toMatchObject({ active: true });
    });
  },
  { env: { ADMIN_TOKEN } },
);
