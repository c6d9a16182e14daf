import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TLoginResult } from '@vbc/shared';
import type { TSsoDiscovery, TSsoError, TSsoSettings } from '@vbc/shared/sso';
import { accounts, corporateAccountMembers, corporateSso, ssoLogins } from '../platform/db/schema/index.ts';
import { describeEachDatabase } from '../test/app.ts';
import { buildAccount } from '../test/factories.ts';
import { buildBusiness } from '../test/directories-support.ts';
import { setRole } from '../test/announcements-support.ts';
import { leakedSecrets } from '../test/secrets.ts';
import { signInAtIdp, startTestIdp, type TTestIdp } from '../test/oidc-provider.ts';

const ADMIN_TOKEN = 'sso-flow-admin-token-0123456789abcdefghijkl';
const PUBLIC_URL = 'http://vbc.test';
const REDIRECT_URI = `${PUBLIC_URL}/api/sso/callback`;
const client = { clientId: 'vbc', clientSecret: `idp-secret-${randomBytes(12).toString('hex')}`, redirectUri: REDIRECT_URI };
const otherClient = { clientId: 'another-app', clientSecret: 'another-secret-0123456789', redirectUri: REDIRECT_URI };
const DOMAIN = `sso-${randomBytes(4).toString('hex')}.example`;

let idp: TTestIdp;
beforeAll(async () => {
  idp = await startTestIdp({ clients: [client, otherClient], defaultDomain: DOMAIN });
});
afterAll(async () => idp?.close());

const secrets = new Set<string>([client.clientSecret]);

/** A business with an admin, a plain member and `domain` vouched for by the operator. */
async function business(app: FastifyInstance, domain = `d-${randomBytes(4).toString('hex')}.example`) {
  const owner = await buildAccount(app);
  const member = await buildAccount(app);
  const name = `Acme ${randomBytes(3).toString('hex')}`;
  const created = await buildBusiness(app, { name, memberEmails: [owner.account.email!, member.account.email!] });
  await setRole(app, created.corporateAccountId, member.account.id, 'member');
  const vouched = await app.inject({
    method: 'PUT',
    url: `/api/admin/corporates/${created.corporateAccountId}/domains/${domain}`,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    payload: { verified: true },
  });
  expect(vouched.statusCode).toBe(200);
  return { ...created, name, owner, member, domain };
}

function putSso(app: FastifyInstance, corporateAccountId: string, headers: Record<string, string>, payload: Record<string, unknown>) {
  return app.inject({ method: 'PUT', url: `/api/corporate/${corporateAccountId}/sso`, headers, payload });
}

/** The browser's start: the provider's authorization URL and the cookie that binds the sign-on. */
async function start(app: FastifyInstance, email: string, returnTo = '/vbc/home') {
  const found = await app.inject({ url: `/api/sso/discover?email=${encodeURIComponent(email)}` });
  expect(found.statusCode).toBe(200);
  const { ssoUrl } = found.json<TSsoDiscovery>();
  const res = await app.inject({ url: `${ssoUrl}&returnTo=${encodeURIComponent(returnTo)}` });
  expect(res.statusCode).toBe(302);
  const cookie = res.headers['set-cookie'] as string;
  expect(cookie).toMatch(/^vbc_sso=[\w-]+; Path=\/api\/sso; Max-Age=600; HttpOnly; SameSite=Lax$/);
  return { authorizationUrl: res.headers.location as string, cookie: cookie.split(';')[0]! };
}

/** The provider's redirect, followed by the browser to our callback; answers where the app is sent. */
async function callback(app: FastifyInstance, back: URL, cookie: string | undefined) {
  const res = await app.inject({ url: `/api/sso/callback${back.search}`, headers: cookie ? { cookie } : {} });
  expect(res.statusCode).toBe(302);
  return res.headers.location as string;
}

async function complete(app: FastifyInstance, location: string) {
  const handoff = /#ssoHandoff=([\w-]+)$/.exec(location)?.[1];
  if (!handoff) throw new Error(`no handoff in ${location}`);
  return app.inject({ method: 'POST', url: '/api/sso/complete', payload: { handoff } });
}

describeEachDatabase(
  'single sign-on (issue 27) against a real oidc-provider',
  (ctx) => {
    let acme: Awaited<ReturnType<typeof business>>;
    const settings = () => ({
      issuer: idp.issuer,
      clientId: client.clientId,
      clientSecret: client.clientSecret,
      domains: [acme.domain],
      requireSso: false,
    });

    beforeAll(async () => {
      acme = await business(ctx.app, DOMAIN);
    });

    it('saves the settings for admins only, seals the secret and never answers it', async () => {
      const put = await putSso(ctx.app, acme.corporateAccountId, acme.owner.headers, settings());
      expect(put.statusCode).toBe(200);
      const saved = put.json<TSsoSettings>();
      expect(saved).toMatchObject({
        issuer: idp.issuer,
        clientId: 'vbc',
        hasClientSecret: true,
        domains: [acme.domain],
        requireSso: false,
        redirectUri: REDIRECT_URI,
      });
      expect(put.body).not.toContain(client.clientSecret);
      const [row] = await ctx.app.db.select().from(corporateSso).where(eq(corporateSso.corporateAccountId, acme.corporateAccountId));
      expect(row!.clientSecretSealed).toMatch(/^v1\./);
      expect(row!.clientSecretSealed).not.toContain(client.clientSecret);

      const got = await ctx.app.inject({ url: `/api/corporate/${acme.corporateAccountId}/sso`, headers: acme.owner.headers });
      expect(got.statusCode).toBe(200);
      expect(got.json()).toEqual(saved);
      expect(got.body).not.toContain(client.clientSecret);

      // A later PUT without the secret keeps it.
      const { clientSecret: _kept, ...withoutSecret } = settings();
      expect((await putSso(ctx.app, acme.corporateAccountId, acme.owner.headers, withoutSecret)).statusCode).toBe(200);

      expect((await putSso(ctx.app, acme.corporateAccountId, acme.member.headers, settings())).statusCode).toBe(403);
      expect(
        (await ctx.app.inject({ url: `/api/corporate/${acme.corporateAccountId}/sso`, headers: acme.member.headers })).statusCode,
      ).toBe(403);
      const stranger = await buildAccount(ctx.app);
      expect((await putSso(ctx.app, acme.corporateAccountId, stranger.headers, settings())).statusCode).toBe(404);
      expect((await putSso(ctx.app, acme.corporateAccountId, {}, settings())).statusCode).toBe(401);
    });

    it('refuses bad settings with a 400 naming the field', async () => {
      const other = await business(ctx.app);
      const refusal = async (payload: Record<string, unknown>) => {
        const res = await putSso(ctx.app, other.corporateAccountId, other.owner.headers, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        return res.json<{ message: string }>().message;
      };
      const good = { issuer: idp.issuer, clientId: client.clientId, clientSecret: client.clientSecret, domains: [other.domain] };
      expect(await refusal({ ...good, domains: [] })).toBe('domains: Name at least one verified domain.');
      expect(await refusal({ ...good, domains: ['unverified.example'] })).toBe(
        'domains: unverified.example is not a verified domain of this business; verify it first.',
      );
      // Another business's verified domain is not this one's.
      expect(await refusal({ ...good, domains: [acme.domain] })).toBe(
        `domains: ${acme.domain} is not a verified domain of this business; verify it first.`,
      );
      expect(await refusal({ ...good, issuer: 'not a url' })).toBe('issuer: Must be a URL.');
      expect(await refusal({ ...good, issuer: 'http://127.0.0.1:9' })).toMatch(
        /^issuer: No OpenID provider answered at http:\/\/127\.0\.0\.1:9\/\.well-known\/openid-configuration \(/,
      );
      expect(await refusal({ ...good, issuer: 'https://10.0.0.1' })).toBe(
        'issuer: must be a public identity provider (it resolves to a private, loopback or link-local address)',
      );
      expect(await refusal({ ...good, clientSecret: undefined })).toBe('clientSecret: Required.');
      expect(await refusal({ ...good, clientId: '' })).toBe('clientId: Required.');
      expect(await refusal({ ...good, extra: 1 })).toMatch(/extra/);
    });

    it('discovers the SSO by e-mail domain, and 404 for any other address', async () => {
      const found = await ctx.app.inject({ url: `/api/sso/discover?email=Ana@${acme.domain.toUpperCase()}` });
      expect(found.statusCode).toBe(200);
      expect(found.json<TSsoDiscovery>()).toEqual({
        ssoUrl: `/api/sso/start?corporateAccountId=${acme.corporateAccountId}&email=ana%40${acme.domain}`,
        business: acme.name,
        requireSso: false,
      });
      expect((await ctx.app.inject({ url: '/api/sso/discover?email=ana@elsewhere.example' })).statusCode).toBe(404);
      const bad = await ctx.app.inject({ url: '/api/sso/discover?email=nope' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/^email: /);
    });

    it('signs a new person in with PKCE, state and nonce: account created, joined as member, the same login result as a code', async () => {
      const login = `new-${randomBytes(3).toString('hex')}`;
      idp.people.set(login, { email: `${login}@${acme.domain}`, email_verified: true, name: 'Nina New' });
      const { authorizationUrl, cookie } = await start(ctx.app, `${login}@${acme.domain}`);
      const auth = new URL(authorizationUrl);
      expect(auth.origin).toBe(idp.issuer);
      expect(Object.fromEntries(auth.searchParams)).toMatchObject({
        client_id: 'vbc',
        response_type: 'code',
        redirect_uri: REDIRECT_URI,
        code_challenge_method: 'S256',
        scope: 'openid email profile',
        login_hint: `${login}@${acme.domain}`,
      });
      for (const p of ['state', 'nonce', 'code_challenge']) expect(auth.searchParams.get(p)).toMatch(/^[\w-]{32,}$/);

      const back = await signInAtIdp(authorizationUrl, login);
      expect(back.searchParams.get('code')).toBeTruthy();
      const location = await callback(ctx.app, back, cookie);
      expect(location).toMatch(/^\/vbc\/home#ssoHandoff=[\w-]{43}$/);
      const res = await complete(ctx.app, location);
      expect(res.statusCode).toBe(200);
      const result = res.json<TLoginResult>();
      secrets.add(result.accessToken).add(result.sessionId).add(location.split('=')[1]!);
      expect(result.account).toMatchObject({ accountName: 'Nina New', accountEmail: `${login}@${acme.domain}` });

      // The session works like a one-time code's.
      const me = await ctx.app.inject({
        method: 'POST',
        url: '/api/personalAccount/validatesession',
        headers: { authorization: `Bearer ${result.accessToken}`, 'x-session-id': result.sessionId },
      });
      expect(me.json()).toEqual({ valid: true });
      const [member] = await ctx.app.db
        .select()
        .from(corporateAccountMembers)
        .innerJoin(accounts, eq(accounts.id, corporateAccountMembers.accountId))
        .where(eq(accounts.email, `${login}@${acme.domain}`));
      expect(member!.corporate_account_members).toMatchObject({ corporateAccountId: acme.corporateAccountId, role: 'member' });

      // The handoff works once; a second sign-in finds the same account and keeps its role.
      expect((await complete(ctx.app, location)).statusCode).toBe(410);
      await setRole(ctx.app, acme.corporateAccountId, member!.accounts.id, 'editor');
      const second = await start(ctx.app, `${login}@${acme.domain}`);
      const again = await complete(ctx.app, await callback(ctx.app, await signInAtIdp(second.authorizationUrl, login), second.cookie));
      expect(again.statusCode).toBe(200);
      expect(again.json<TLoginResult>().accessToken).not.toBe(result.accessToken);
      const rows = await ctx.app.db
        .select()
        .from(accounts)
        .where(eq(accounts.email, `${login}@${acme.domain}`));
      expect(rows).toHaveLength(1);
      const [role] = await ctx.app.db.select().from(corporateAccountMembers).where(eq(corporateAccountMembers.accountId, rows[0]!.id));
      expect(role!.role).toBe('editor');
    });

    /** Runs a sign-on that must fail with `reason`, and checks no account was made for `login`. */
    async function refused(
      login: string,
      drive: (start: { authorizationUrl: string; cookie: string }) => Promise<string>,
      reason: TSsoError,
    ) {
      const email = `${login}@${acme.domain}`;
      const started = await start(ctx.app, email);
      const location = await drive(started);
      expect(location).toBe(`/vbc/home#ssoError=${reason}`);
      expect(await ctx.app.db.select().from(accounts).where(eq(accounts.email, email))).toHaveLength(0);
    }
    const fresh = () => `p-${randomBytes(3).toString('hex')}`;

    it('refuses a bad state: unknown, used twice, or from another browser', async () => {
      const login = fresh();
      const forged = await start(ctx.app, `${login}@${acme.domain}`);
      const forgedBack = await signInAtIdp(forged.authorizationUrl, login);
      forgedBack.searchParams.set('state', 'forged-state-0123456789abcdef0123456789');
      expect(await callback(ctx.app, forgedBack, forged.cookie)).toBe('/vbc/#ssoError=state');
      expect(await callback(ctx.app, forgedBack, undefined)).toBe('/vbc/#ssoError=state');
      await refused(
        login,
        async ({ authorizationUrl }) => {
          const back = await signInAtIdp(authorizationUrl, login);
          return callback(ctx.app, back, 'vbc_sso=another-browser');
        },
        'state',
      );
      const { authorizationUrl, cookie } = await start(ctx.app, `${login}@${acme.domain}`);
      const back = await signInAtIdp(authorizationUrl, login);
      expect(await callback(ctx.app, back, cookie)).toMatch(/#ssoHandoff=/);
      expect(await callback(ctx.app, back, cookie)).toBe('/vbc/#ssoError=state');
    });

    it('refuses a wrong nonce (the provider answered another authorization request)', async () => {
      const login = fresh();
      await refused(
        login,
        async ({ authorizationUrl, cookie }) => {
          const tampered = new URL(authorizationUrl);
          tampered.searchParams.set('nonce', 'another-nonce-0123456789abcdef0123456789');
          return callback(ctx.app, await signInAtIdp(tampered.href, login), cookie);
        },
        'nonce',
      );
    });

    it('refuses an unverified e-mail, and an e-mail outside the SSO domains', async () => {
      const login = fresh();
      idp.people.set(login, { email: `${login}@${acme.domain}`, email_verified: false, name: 'Una' });
      await refused(
        login,
        async ({ authorizationUrl, cookie }) => callback(ctx.app, await signInAtIdp(authorizationUrl, login), cookie),
        'email_unverified',
      );
      const outsider = fresh();
      idp.people.set(outsider, { email: `${outsider}@elsewhere.example`, email_verified: true });
      await refused(
        outsider,
        async ({ authorizationUrl, cookie }) => callback(ctx.app, await signInAtIdp(authorizationUrl, outsider), cookie),
        'email_domain',
      );
      expect(
        await ctx.app.db
          .select()
          .from(accounts)
          .where(eq(accounts.email, `${outsider}@elsewhere.example`)),
      ).toHaveLength(0);
    });

    it('refuses an expired ID token', async () => {
      const login = fresh();
      idp.idTokenTtl = 1;
      const realNow = ctx.app.clock.now;
      try {
        await refused(
          login,
          async ({ authorizationUrl, cookie }) => {
            const back = await signInAtIdp(authorizationUrl, login);
            // Five minutes later (well within the sign-on's 10 minutes): the 1-second token is long expired.
            ctx.app.clock.now = () => new Date(Date.now() + 5 * 60_000);
            return callback(ctx.app, back, cookie);
          },
          'token',
        );
      } finally {
        ctx.app.clock.now = realNow;
        idp.idTokenTtl = 3600;
      }
    });

    it('refuses a code issued to another application (foreign audience)', async () => {
      const login = fresh();
      await refused(
        login,
        async ({ authorizationUrl, cookie }) => {
          const foreign = new URL(authorizationUrl);
          foreign.searchParams.set('client_id', otherClient.clientId);
          return callback(ctx.app, await signInAtIdp(foreign.href, login), cookie);
        },
        'token',
      );
    });

    it('says the person cancelled at the provider', async () => {
      const login = fresh();
      await refused(
        login,
        async ({ authorizationUrl, cookie }) => callback(ctx.app, await signInAtIdp(authorizationUrl, login, { abort: true }), cookie),
        'denied',
      );
    });

    it('Require SSO: one-time codes for the domain answer 403 naming the SSO; other domains are untouched', async () => {
      expect((await putSso(ctx.app, acme.corporateAccountId, acme.owner.headers, { ...settings(), requireSso: true })).statusCode).toBe(
        200,
      );
      const name = acme.name;
      const code = await ctx.app.inject({
        method: 'POST',
        url: '/api/personalaccount/RequestVerifyOtp',
        payload: { email: `someone@${acme.domain}` },
      });
      expect(code.statusCode).toBe(403);
      expect(code.json().message).toBe(
        `${name} requires its single sign-on for ${acme.domain} addresses: choose "Continue with ${name} SSO".`,
      );
      const verify = await ctx.app.inject({
        method: 'POST',
        url: '/api/personalaccount/VerifyEmail',
        payload: { email: `someone@${acme.domain}`, otp: '123456' },
      });
      expect(verify.statusCode).toBe(403);
      const elsewhere = await ctx.app.inject({
        method: 'POST',
        url: '/api/personalaccount/RequestVerifyOtp',
        payload: { email: 'someone@elsewhere.example' },
      });
      expect(elsewhere.statusCode).not.toBe(403);
      expect((await putSso(ctx.app, acme.corporateAccountId, acme.owner.headers, settings())).statusCode).toBe(200);
    });

    it('an identity provider that is down: back to the app with idp_down, nothing created', async () => {
      const other = await business(ctx.app);
      const down = await startTestIdp({ clients: [client], defaultDomain: other.domain });
      expect(
        (
          await putSso(ctx.app, other.corporateAccountId, other.owner.headers, {
            ...settings(),
            issuer: down.issuer,
            domains: [other.domain],
          })
        ).statusCode,
      ).toBe(200);
      const login = fresh();
      const { authorizationUrl, cookie } = await start(ctx.app, `${login}@${other.domain}`);
      const back = await signInAtIdp(authorizationUrl, login);
      await down.close();
      expect(await callback(ctx.app, back, cookie)).toBe('/vbc/home#ssoError=idp_down');
      const found = await ctx.app.inject({ url: `/api/sso/discover?email=${login}@${other.domain}` });
      const res = await ctx.app.inject({ url: `${found.json<TSsoDiscovery>().ssoUrl}&returnTo=/vbc/`, headers: {} });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/vbc/#ssoError=idp_down');
      expect(
        await ctx.app.db
          .select()
          .from(accounts)
          .where(eq(accounts.email, `${login}@${other.domain}`)),
      ).toHaveLength(0);
    });

    it('keeps only hashes and sealed values of the flow, and logs no secret', async () => {
      const rows = await ctx.app.db.select().from(ssoLogins);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row.stateHash).toMatch(/^[0-9a-f]{64}$/);
        expect(row.checksSealed).toMatch(/^v1\./);
      }
      expect(leakedSecrets(ctx.log.text, secrets)).toEqual([]);
      expect(ctx.log.text).toContain('sso: sign-in refused');
    });

    it('answers a return path outside the app with the app start', async () => {
      const { authorizationUrl, cookie } = await start(ctx.app, `x@${acme.domain}`, 'https://evil.example/');
      const back = await signInAtIdp(authorizationUrl, fresh());
      expect(await callback(ctx.app, back, cookie)).toMatch(/^\/vbc\/#ssoHandoff=/);
    });
  },
  { env: { ALLOW_INSECURE_OUTBOUND: 'true', ADMIN_TOKEN, PUBLIC_URL } },
);
