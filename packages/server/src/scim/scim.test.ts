/**
 * SCIM 2.0 by raw HTTP, following RFC 7644's own examples (§3.3 create, §3.4.1/§3.4.2 read and
 * filter, §3.5.1 replace, §3.5.2 PATCH, §3.6 delete, §3.12 errors), with e-mail userNames: here
 * a user is a person of the business, and userName is their account's e-mail.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/app.ts';
import { ADMIN_TOKEN } from '../test/announcements-support.ts';
import { buildProvisionedBusiness, SCIM } from '../test/scim-support.ts';

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
const LIST = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

describeEachDatabase(
  'SCIM 2.0 provisioning',
  (ctx) => {
    const provisioned = () => buildProvisionedBusiness(ctx.app);

    /** RFC 7644 §3.3's example body, with an e-mail as userName. */
    const barbara = (userName: string) => ({
      schemas: [USER],
      userName,
      externalId: 'bjensen',
      name: { formatted: 'Ms. Barbara J Jensen III', familyName: 'Jensen', givenName: 'Barbara' },
    });

    it('creates, reads, finds, pages, replaces, patches and deletes a user as RFC 7644 shows', async () => {
      const { scim, corporateAccountId, owner } = await provisioned();
      const userName = `bjensen-${randomUUID().slice(0, 8)}@example.com`;

      // §3.3 creating: 201, the resource with its id and meta, Location = meta.location.
      const created = await scim('POST', '/Users', barbara(userName));
      expect(created.statusCode, created.body).toBe(201);
      expect(created.headers['content-type']).toMatch(/^application\/scim\+json/);
      const user = created.json();
      expect(user).toMatchObject({
        schemas: [USER],
        userName,
        externalId: 'bjensen',
        active: true,
        name: { formatted: 'Ms. Barbara J Jensen III', familyName: 'Jensen', givenName: 'Barbara' },
        meta: { resourceType: 'User' },
      });
      expect(user.meta.location).toBe(`http://localhost:8080/scim/v2/${corporateAccountId}/Users/${user.id}`);
      expect(created.headers.location).toBe(user.meta.location);
      expect(Date.parse(user.meta.created)).not.toBeNaN();

      // The person is now a member of the business, by their account.
      const members = await ctx.app.inject({ url: `/api/corporate/${corporateAccountId}/members`, headers: owner.headers });
      expect(members.json()).toContainEqual(
        expect.objectContaining({ accountId: user.id, email: userName, role: 'member', name: 'Ms. Barbara J Jensen III' }),
      );

      // §3.4.1 one resource.
      const one = await scim('GET', `/Users/${user.id}`);
      expect(one.statusCode).toBe(200);
      expect(one.json()).toEqual(user);

      // §3.4.2 filtering by userName (case-insensitive, as userName's caseExact is false).
      const found = await scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "${userName.toUpperCase()}"`)}`);
      expect(found.statusCode).toBe(200);
      expect(found.json()).toMatchObject({ schemas: [LIST], totalResults: 1, startIndex: 1, Resources: [{ id: user.id, userName }] });
      const none = await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "nobody@example.com"')}`);
      expect(none.json()).toMatchObject({ totalResults: 0, Resources: [] });

      // §3.4.2.4 paging: the business's four people (three staff and Barbara), two at a time.
      const page1 = (await scim('GET', '/Users?startIndex=1&count=2')).json();
      const page2 = (await scim('GET', '/Users?startIndex=3&count=2')).json();
      expect((await scim('GET', '/Users?count=1000')).json()).toMatchObject({ totalResults: 4, itemsPerPage: 200 });
      expect(page1).toMatchObject({ totalResults: 4, startIndex: 1, itemsPerPage: 2 });
      expect(page2).toMatchObject({ totalResults: 4, startIndex: 3, itemsPerPage: 2 });
      const ids = [...page1.Resources, ...page2.Resources].map((u: { id: string }) => u.id);
      expect(new Set(ids).size).toBe(4);
      expect(ids).toContain(user.id);

      // Other filters go through SCIMMY's filter engine.
      const co = (await scim('GET', `/Users?filter=${encodeURIComponent('name.familyName co "ense"')}`)).json();
      expect(co.Resources.map((u: { id: string }) => u.id)).toEqual([user.id]);

      // §3.5.1 replacing (the RFC's example body: middleName, roles and a second e-mail are accepted).
      const replaced = await scim('PUT', `/Users/${user.id}`, {
        ...barbara(userName),
        id: user.id,
        name: { formatted: 'Ms. Barbara J Jensen III', familyName: 'Jensen', givenName: 'Barbara', middleName: 'Jane' },
        title: 'Tour Guide',
        roles: [],
        emails: [{ value: userName }, { value: 'babs@jensen.org' }],
      });
      expect(replaced.statusCode, replaced.body).toBe(200);
      expect(replaced.json()).toMatchObject({ id: user.id, userName, title: 'Tour Guide', active: true });

      // §3.5.2 PATCH: replace by path, and add.
      const patched = await scim('PATCH', `/Users/${user.id}`, {
        schemas: [PATCH_OP],
        Operations: [
          { op: 'replace', path: 'name.familyName', value: 'Jensen-Smith' },
          { op: 'add', path: 'displayName', value: 'Babs' },
        ],
      });
      expect(patched.statusCode, patched.body).toBe(200);
      expect(patched.json()).toMatchObject({
        name: { familyName: 'Jensen-Smith', givenName: 'Barbara' },
        displayName: 'Babs',
        title: 'Tour Guide',
      });

      // §3.6 deleting: 204, then 404 in SCIM's error format (§3.12).
      const deleted = await scim('DELETE', `/Users/${user.id}`);
      expect(deleted.statusCode).toBe(204);
      const gone = await scim('GET', `/Users/${user.id}`);
      expect(gone.statusCode).toBe(404);
      expect(gone.headers['content-type']).toMatch(/^application\/scim\+json/);
      expect(gone.json()).toMatchObject({ schemas: [ERROR], status: '404' });
      expect((await scim('GET', '/Users')).json().totalResults).toBe(3);
    });

    it('answers SCIM errors: uniqueness, invalidFilter, invalidValue naming userName, invalidSyntax, unknown id', async () => {
      const { scim, owner, corporateAccountId, token } = await provisioned();
      const userName = `dup-${randomUUID().slice(0, 8)}@example.com`;
      expect((await scim('POST', '/Users', barbara(userName))).statusCode).toBe(201);

      const again = await scim('POST', '/Users', barbara(userName.toUpperCase()));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        schemas: [ERROR],
        status: '409',
        scimType: 'uniqueness',
        detail: `userName: ${userName} is already a user of this business.`,
      });

      // An existing member (the admin, added by the console) is a user too: creating them again is not unique.
      const member = await scim('POST', '/Users', barbara(owner.account.email!));
      expect(member.json()).toMatchObject({ status: '409', scimType: 'uniqueness' });

      const badFilter = await scim('GET', `/Users?filter=${encodeURIComponent('userName xx "a" and (')}`);
      expect(badFilter.statusCode).toBe(400);
      expect(badFilter.json()).toMatchObject({ schemas: [ERROR], status: '400', scimType: 'invalidFilter' });

      // RFC 7644 §3.3's own userName "bjensen" is not an e-mail: a 400 that names the field.
      const notEmail = await scim('POST', '/Users', barbara('bjensen'));
      expect(notEmail.statusCode).toBe(400);
      expect(notEmail.json()).toMatchObject({ status: '400', scimType: 'invalidValue', detail: expect.stringMatching(/^userName: /) });
      const missing = await scim('POST', '/Users', { schemas: [USER] });
      expect(missing.json()).toMatchObject({ status: '400', scimType: 'invalidValue', detail: expect.stringMatching(/userName/) });
      const long = await scim('POST', '/Users', { ...barbara(`long-${userName}`), title: 'x'.repeat(151) });
      expect(long.json()).toMatchObject({ status: '400', scimType: 'invalidValue', detail: 'title: at most 150 characters.' });

      const notJson = await ctx.app.inject({
        method: 'POST',
        url: `/scim/v2/${corporateAccountId}/Users`,
        headers: { authorization: `Bearer ${token}`, 'content-type': SCIM },
        payload: '{"schemas": [',
      });
      expect(notJson.statusCode).toBe(400);
      expect(notJson.json()).toMatchObject({ schemas: [ERROR], status: '400', scimType: 'invalidSyntax' });

      const patchNoOps = await scim('PATCH', `/Users/${randomUUID()}`, { schemas: [PATCH_OP], Operations: [] });
      expect(patchNoOps.json()).toMatchObject({ status: '400', scimType: 'invalidValue', detail: expect.stringMatching(/Operations/) });
      const patchUnknown = await scim('PATCH', `/Users/${randomUUID()}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'replace', value: { active: false } }],
      });
      expect(patchUnknown.statusCode).toBe(404);
      expect((await scim('PUT', `/Users/${randomUUID()}`, barbara(userName))).statusCode).toBe(404);
      expect((await scim('DELETE', `/Users/${randomUUID()}`)).statusCode).toBe(404);
      const badId = await scim('GET', '/Users/not-a-uuid');
      expect(badId.statusCode).toBe(400);
      expect(badId.json()).toMatchObject({ schemas: [ERROR], detail: expect.stringMatching(/id/) });
      const badCount = await scim('GET', '/Users?count=many');
      expect(badCount.json()).toMatchObject({ status: '400', detail: expect.stringMatching(/count/) });

      // Malformed addresses: a 4xx with words (a broken percent-encoding is refused by the router, before SCIM's handler).
      for (const bad of ['%25', '%E0%A4', 'a%2', '%C0%AF']) {
        for (const path of [`/scim/v2/${bad}/Users`, `/scim/v2/${corporateAccountId}/Users/${bad}`]) {
          const res = await ctx.app.inject({ url: path, headers: { authorization: `Bearer ${token}` } });
          expect([400, 404], path).toContain(res.statusCode);
          const body = res.json<{ detail?: string; message?: string }>();
          expect(typeof (body.detail ?? body.message), path).toBe('string');
        }
      }

      // userName is the sign-in e-mail: changing it is refused.
      const { id } = (await scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`)).json().Resources[0];
      const renamed = await scim('PUT', `/Users/${id}`, barbara(`other-${userName}`));
      expect(renamed.json()).toMatchObject({ status: '400', scimType: 'mutability', detail: expect.stringMatching(/^userName: /) });
      expect(ctx.log.text).not.toContain('unhandled error');
    });

    it('refuses a missing, wrong, revoked or foreign token with 401 in SCIM format, and limits wrong tokens per address', async () => {
      const a = await provisioned();
      const b = await provisioned();
      const missing = await a.scim('GET', '/Users', undefined, '');
      expect(missing.statusCode).toBe(401);
      expect(missing.json()).toMatchObject({ schemas: [ERROR], status: '401' });
      // B's token does not open A's users.
      expect((await a.scim('GET', '/Users', undefined, `Bearer ${b.token}`)).statusCode).toBe(401);
      expect((await b.scim('GET', '/Users')).statusCode).toBe(200);

      const list = await ctx.app.inject({ url: `/api/corporate/${b.corporateAccountId}/scim-tokens`, headers: b.owner.headers });
      const [{ id: tokenId }] = list.json();
      const revoked = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/corporate/${b.corporateAccountId}/scim-tokens/${tokenId}`,
        headers: b.owner.headers,
      });
      expect(revoked.statusCode).toBe(204);
      expect((await b.scim('GET', '/Users')).statusCode).toBe(401);

      // From one address, wrong tokens are answered 429 once the limit is reached (3 counted above).
      const ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      const wrong = () =>
        ctx.app.inject({
          url: `/scim/v2/${a.corporateAccountId}/Users`,
          remoteAddress: ip,
          headers: { authorization: 'Bearer vbcscim_guess' },
        });
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await wrong()).statusCode);
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
      const limited = await wrong();
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ schemas: [ERROR], status: '429' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // The right token still works from that address.
      const right = await ctx.app.inject({
        url: `/scim/v2/${a.corporateAccountId}/Users`,
        remoteAddress: ip,
        headers: { authorization: `Bearer ${a.token}` },
      });
      expect(right.statusCode).toBe(200);
      expect(ctx.log.text).not.toContain(a.token);
    });

    it('describes itself: ServiceProviderConfig, ResourceTypes, Schemas', async () => {
      const { scim, corporateAccountId } = await provisioned();
      const config = await scim('GET', '/ServiceProviderConfig');
      expect(config.statusCode).toBe(200);
      expect(config.json()).toMatchObject({
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
        patch: { supported: true },
        filter: { supported: true, maxResults: 200 },
        bulk: { supported: false },
        authenticationSchemes: [{ type: 'oauthbearertoken' }],
        meta: { location: `http://localhost:8080/scim/v2/${corporateAccountId}/ServiceProviderConfig` },
      });
      const types = (await scim('GET', '/ResourceTypes')).json();
      expect(types).toMatchObject({ schemas: [LIST], totalResults: 1, Resources: [{ id: 'User', endpoint: '/Users', schema: USER }] });
      expect((await scim('GET', '/ResourceTypes/User')).json()).toMatchObject({ id: 'User', name: 'User' });
      const schemas = (await scim('GET', '/Schemas')).json();
      expect(schemas.Resources.map((s: { id: string }) => s.id)).toContain(USER);
      const userSchema = (await scim('GET', `/Schemas/${USER}`)).json();
      expect(userSchema.attributes.map((a: { name: string }) => a.name)).toEqual(
        expect.arrayContaining(['userName', 'name', 'title', 'active']),
      );
      const unknown = await scim('GET', '/Groups');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ schemas: [ERROR], status: '404' });
    });
  },
  { env: { ADMIN_TOKEN } },
);
