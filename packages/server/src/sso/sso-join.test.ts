import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TLoginResult } from '@vbc/shared';
import type { TAuditPage, TMyInvitation } from '@vbc/shared/corporate';
import type { TSsoDiscovery } from '@vbc/shared/sso';
import { ssoLogins } from '../platform/db/schema/index.ts';
import { describeEachDatabase } from '../test/app.ts';
import { authHeaders, controlClock } from '../test/accounts-support.ts';
import { ADMIN_TOKEN, admin, buildStaffedBusiness } from '../test/announcements-support.ts';
import { signInAtIdp, startTestIdp, type TTestIdp } from '../test/oidc-provider.ts';
import { SSO_LOGIN_TTL_MS } from './flow.ts';
import { sweepSsoLogins } from './sweep-logins.ts';

const PUBLIC_URL = 'http://vbc.test';
const client = {
  clientId: 'vbc',
  clientSecret: `idp-secret-${randomBytes(12).toString('hex')}`,
  redirectUri: `${PUBLIC_URL}/api/sso/callback`,
};
const DOMAIN = `join-${randomBytes(4).toString('hex')}.example`;

let idp: TTestIdp;
beforeAll(async () => {
  idp = await startTestIdp({ clients: [client], defaultDomain: DOMAIN });
});
afterAll(async () => idp?.close());

type Headers = Record<string, string>;
const stateOf = (authorizationUrl: string) => new URL(authorizationUrl).searchParams.get('state')!;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

describeEachDatabase(
  'single sign-on: joining invitees, and the sweep of expired sign-in attempts (issue 27)',
  (ctx) => {
    const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers = {}, payload?: object) =>
      ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
    let acme: Awaited<ReturnType<typeof buildStaffedBusiness>>;

    beforeAll(async () => {
      acme = await buildStaffedBusiness(ctx.app, 'Acme SSO');
      expect(
        (await inject('PUT', `/api/admin/corporates/${acme.corporateAccountId}/domains/${DOMAIN}`, admin, { verified: true })).statusCode,
      ).toBe(200);
      const sso = {
        issuer: idp.issuer,
        clientId: client.clientId,
        clientSecret: client.clientSecret,
        domains: [DOMAIN],
        requireSso: false,
      };
      expect((await inject('PUT', `/api/corporate/${acme.corporateAccountId}/sso`, acme.owner.headers, sso)).statusCode).toBe(200);
    });

    /** The browser's start: the provider's authorization URL and the cookie that binds the sign-on. */
    async function start(app: FastifyInstance, email: string) {
      const { ssoUrl } = (await app.inject({ url: `/api/sso/discover?email=${encodeURIComponent(email)}` })).json<TSsoDiscovery>();
      const res = await app.inject({ url: `${ssoUrl}&returnTo=/vbc/home` });
      expect(res.statusCode).toBe(302);
      return { authorizationUrl: res.headers.location as string, cookie: (res.headers['set-cookie'] as string).split(';')[0]! };
    }
    const callback = async (search: string, cookie: string) =>
      (await ctx.app.inject({ url: `/api/sso/callback${search}`, headers: { cookie } })).headers.location as string;

    it("accepts the SSO business's pending invitation with its role and card; another business's invitation waits for the link", async () => {
      const login = `inv-${randomBytes(3).toString('hex')}`;
      const email = `${login}@${DOMAIN}`;
      // Acme imports the person (a card from the row); a partner business invites the same address.
      const imported = await ctx.app.inject({
        method: 'POST',
        url: `/api/corporate/${acme.corporateAccountId}/members/import?dryRun=false`,
        headers: { ...acme.owner.headers, 'content-type': 'text/csv' },
        payload: `name,email,phone,jobTitle,department\nIvy Invited,${email},09171234567,Designer,Brand\n`,
      });
      expect(imported.json()).toMatchObject({ invited: 1, joined: 0 });
      const partner = await buildStaffedBusiness(ctx.app, 'Partner Co');
      expect(
        (await inject('POST', `/api/corporate/${partner.corporateAccountId}/invitations`, partner.owner.headers, { email })).statusCode,
      ).toBe(201);

      const { authorizationUrl, cookie } = await start(ctx.app, email);
      const location = await callback((await signInAtIdp(authorizationUrl, login)).search, cookie);
      const handoff = /#ssoHandoff=([\w-]+)$/.exec(location)![1]!;
      const res = await inject('POST', '/api/sso/complete', {}, { handoff });
      expect(res.statusCode, res.body).toBe(200);
      const result = res.json<TLoginResult>();
      // The login result already shows the card the invitation made, linked to Acme.
      expect(result.account.virtualContacts).toHaveLength(1);
      const card = (await inject('GET', `/api/vbc/virtualcontact/${result.account.virtualContacts[0]!.virtualContactId}`)).json();
      expect(card).toMatchObject({ firstName: 'Ivy', jobTitle: 'Designer, Brand', corporateProfileId: acme.corporateProfileId });
      const members = (await inject('GET', `/api/corporate/${acme.corporateAccountId}/members`, acme.owner.headers)).json();
      expect(members).toContainEqual(expect.objectContaining({ accountId: result.account.accountId, role: 'member' }));
      const entries = (await inject('GET', `/api/corporate/${acme.corporateAccountId}/audit`, acme.owner.headers)).json<TAuditPage>().items;
      expect(entries[0]).toMatchObject({ action: 'member.auto_joined', actorAccountId: result.account.accountId, detail: { email } });

      // Partner has not verified the domain: its invitation is still the invitee's to accept.
      const waiting = (await inject('GET', '/api/personalAccount/invitations', authHeaders(result))).json<TMyInvitation[]>();
      expect(waiting.map((i) => i.corporateAccountId)).toEqual([partner.corporateAccountId]);
    });

    it('takes the role of the pending invitation for the SSO join itself (an editor invited, an editor signed in)', async () => {
      const login = `ed-${randomBytes(3).toString('hex')}`;
      const email = `${login}@${DOMAIN}`;
      const invited = await inject('POST', `/api/corporate/${acme.corporateAccountId}/invitations`, acme.owner.headers, {
        email,
        role: 'editor',
      });
      expect(invited.json()).toMatchObject({ role: 'editor', joined: false });
      const { authorizationUrl, cookie } = await start(ctx.app, email);
      const location = await callback((await signInAtIdp(authorizationUrl, login)).search, cookie);
      const res = await inject('POST', '/api/sso/complete', {}, { handoff: /#ssoHandoff=([\w-]+)$/.exec(location)![1]! });
      const result = res.json<TLoginResult>();
      const businesses = (await inject('GET', '/api/personalAccount/businesses', authHeaders(result))).json();
      expect(businesses).toEqual([expect.objectContaining({ corporateAccountId: acme.corporateAccountId, role: 'editor' })]);
      expect((await inject('GET', '/api/personalAccount/invitations', authHeaders(result))).json()).toEqual([]);
    });

    it('sweeps expired sign-in attempts and keeps live ones; a swept state answers the callback as an unknown one', async () => {
      const realNow = ctx.app.clock.now;
      const clock = controlClock(ctx.app);
      try {
        // An attempt started 20 minutes ago (its 10 minutes and the handoff's minute are over)…
        clock.advance(-20 * 60_000);
        const old = await start(ctx.app, `old@${DOMAIN}`);
        clock.advance(20 * 60_000);
        // …and one started now.
        const live = await start(ctx.app, `live@${DOMAIN}`);
        const rowOf = async (authorizationUrl: string) =>
          (
            await ctx.app.db
              .select()
              .from(ssoLogins)
              .where(eq(ssoLogins.stateHash, sha256(stateOf(authorizationUrl))))
          )[0];
        expect(await rowOf(old.authorizationUrl)).toBeDefined();

        const swept = await sweepSsoLogins(ctx.app.db, ctx.app.clock.now());
        expect(swept).toBeGreaterThanOrEqual(1);
        expect(await rowOf(old.authorizationUrl)).toBeUndefined();
        expect(await rowOf(live.authorizationUrl)).toBeDefined();
        // Nothing left that a sweep at this time would take.
        expect(await sweepSsoLogins(ctx.app.db, ctx.app.clock.now())).toBe(0);

        // The swept attempt: "This sign-in link is no longer valid … Start again." (SSO_ERRORS.state).
        const back = await signInAtIdp(old.authorizationUrl, 'old');
        expect(await callback(back.search, old.cookie)).toBe('/vbc/#ssoError=state');
        // The live one still signs in.
        expect(await callback((await signInAtIdp(live.authorizationUrl, 'live')).search, live.cookie)).toMatch(/^\/vbc\/home#ssoHandoff=/);

        // An attempt is kept while it can still be used: just before its state (and any handoff) expires, a sweep leaves it.
        const fresh = await start(ctx.app, `fresh@${DOMAIN}`);
        clock.advance(SSO_LOGIN_TTL_MS);
        expect(await sweepSsoLogins(ctx.app.db, ctx.app.clock.now())).toBe(0);
        expect(await rowOf(fresh.authorizationUrl)).toBeDefined();
        clock.advance(2 * 60_000);
        expect(await sweepSsoLogins(ctx.app.db, ctx.app.clock.now())).toBeGreaterThanOrEqual(1);
        expect(await rowOf(fresh.authorizationUrl)).toBeUndefined();
      } finally {
        ctx.app.clock.now = realNow;
      }
    });
  },
  { env: { ALLOW_INSECURE_OUTBOUND: 'true', ADMIN_TOKEN, PUBLIC_URL } },
);
