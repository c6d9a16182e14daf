import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { TCorporateDomain } from '@vbc/shared/sso';
import { describeEachDatabase } from '../test/app.ts';
import { buildAccount } from '../test/factories.ts';
import { buildBusiness } from '../test/directories-support.ts';
import { runCli } from '../admin/cli.ts';
import { setRole } from '../test/announcements-support.ts';

const ADMIN_TOKEN = 'sso-test-admin-token-0123456789abcdefghijkl';
const operator = { authorization: `Bearer ${ADMIN_TOKEN}` };

/** A local web server that serves, per path, what the test puts in `files`. */
let site: http.Server;
let siteHost: string;
const files = new Map<string, { status: number; body: string }>();
beforeAll(async () => {
  site = http.createServer((request, response) => {
    const file = files.get(request.url ?? '') ?? { status: 404, body: 'not here' };
    response.writeHead(file.status, { 'content-type': 'text/plain' }).end(file.body);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteHost = `127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

async function businessWithAdmin(app: FastifyInstance) {
  const owner = await buildAccount(app);
  const member = await buildAccount(app);
  const business = await buildBusiness(app, { memberEmails: [owner.account.email!, member.account.email!] });
  await setRole(app, business.corporateAccountId, member.account.id, 'member');
  return { ...business, owner, member };
}

describeEachDatabase(
  'verified domains (issue 27)',
  (ctx) => {
    it('adds a domain with a token, verifies it from the token served at the well-known URL, and lists it', async () => {
      const { corporateAccountId, owner } = await businessWithAdmin(ctx.app);
      const add = await ctx.app.inject({
        method: 'POST',
        url: `/api/corporate/${corporateAccountId}/domains`,
        headers: owner.headers,
        payload: { domain: ` ${siteHost.toUpperCase()} ` },
      });
      expect(add.statusCode).toBe(201);
      const added = add.json<TCorporateDomain>();
      expect(added).toMatchObject({
        domain: siteHost,
        verified: false,
        verifiedBy: null,
        fileUrl: `http://${siteHost}/.well-known/vbc-verification.txt`,
      });
      expect(added.token).toMatch(/^vbc-verification=[\w-]{24}$/);

      const again = await ctx.app.inject({
        method: 'POST',
        url: `/api/corporate/${corporateAccountId}/domains`,
        headers: owner.headers,
        payload: { domain: siteHost },
      });
      expect(again.statusCode).toBe(200);
      expect(again.json<TCorporateDomain>().token).toBe(added.token);

      const verify = () =>
        ctx.app.inject({ method: 'POST', url: `/api/corporate/${corporateAccountId}/domains/${siteHost}/verify`, headers: owner.headers });
      files.delete('/.well-known/vbc-verification.txt');
      let res = await verify();
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`domain: ${added.fileUrl} answered 404; serve the token there with status 200.`);

      files.set('/.well-known/vbc-verification.txt', { status: 200, body: 'vbc-verification=someone-elses-token\n' });
      res = await verify();
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`domain: ${added.fileUrl} does not contain this domain's token ${added.token}.`);

      files.set('/.well-known/vbc-verification.txt', { status: 200, body: `other-service=abc\r\n${added.token}\r\n` });
      res = await verify();
      expect(res.statusCode).toBe(200);
      expect(res.json<TCorporateDomain>()).toMatchObject({ domain: siteHost, verified: true, verifiedBy: 'file' });

      const list = await ctx.app.inject({ url: `/api/corporate/${corporateAccountId}/domains`, headers: owner.headers });
      expect(list.json<TCorporateDomain[]>().map((d) => [d.domain, d.verified])).toEqual([[siteHost, true]]);

      // A domain is verified for one business at most.
      const other = await businessWithAdmin(ctx.app);
      await ctx.app.inject({
        method: 'POST',
        url: `/api/corporate/${other.corporateAccountId}/domains`,
        headers: other.owner.headers,
        payload: { domain: siteHost },
      });
      files.set('/.well-known/vbc-verification.txt', {
        status: 200,
        body: (await ctx.app.inject({ url: `/api/corporate/${other.corporateAccountId}/domains`, headers: other.owner.headers })).json<
          TCorporateDomain[]
        >()[0]!.token,
      });
      const taken = await ctx.app.inject({
        method: 'POST',
        url: `/api/corporate/${other.corporateAccountId}/domains/${siteHost}/verify`,
        headers: other.owner.headers,
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe(`domain: ${siteHost} is already verified by another business.`);
    });

    it('refuses bad domains naming the field, non-admins with 403 and strangers with 404, and an unreachable site clearly', async () => {
      const { corporateAccountId, owner, member } = await businessWithAdmin(ctx.app);
      const stranger = await buildAccount(ctx.app);
      const post = (headers: Record<string, string>, payload: unknown) =>
        ctx.app.inject({ method: 'POST', url: `/api/corporate/${corporateAccountId}/domains`, headers, payload: payload as object });
      for (const domain of ['', 'localhost', 'exa mple.com', 'http://example.com', '-bad.com', 'a'.repeat(250) + '.com']) {
        const res = await post(owner.headers, { domain });
        expect(res.statusCode, domain).toBe(400);
        expect(res.json().message, domain).toMatch(/^domain: /);
      }
      expect((await post(owner.headers, {})).json().message).toBe('domain: Required.');
      expect((await post(member.headers, { domain: 'example.com' })).statusCode).toBe(403);
      expect((await post(stranger.headers, { domain: 'example.com' })).statusCode).toBe(404);
      expect(
        (await ctx.app.inject({ method: 'POST', url: `/api/corporate/${corporateAccountId}/domains`, payload: { domain: 'example.com' } }))
          .statusCode,
      ).toBe(401);
      expect((await ctx.app.inject({ url: `/api/corporate/${corporateAccountId}/domains`, headers: member.headers })).statusCode).toBe(403);

      const deadPort = '127.0.0.1:9';
      await post(owner.headers, { domain: deadPort });
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/corporate/${corporateAccountId}/domains/${deadPort}/verify`,
        headers: owner.headers,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(
        /^domain: http:\/\/127\.0\.0\.1:9\/\.well-known\/vbc-verification\.txt could not be read \(127\.0\.0\.1:9: ECONNREFUSED\)\.$/,
      );
      const unknown = await ctx.app.inject({
        method: 'POST',
        url: `/api/corporate/${corporateAccountId}/domains/never-added.com/verify`,
        headers: owner.headers,
      });
      expect(unknown.statusCode).toBe(404);

      const removed = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/corporate/${corporateAccountId}/domains/${deadPort}`,
        headers: owner.headers,
      });
      expect(removed.statusCode).toBe(204);
      expect(
        (
          await ctx.app.inject({
            method: 'DELETE',
            url: `/api/corporate/${corporateAccountId}/domains/${deadPort}`,
            headers: owner.headers,
          })
        ).statusCode,
      ).toBe(404);
    });

    it('lets the operator vouch for a domain with the admin token (API and CLI); the Verified Business dialog lists it', async () => {
      const { corporateAccountId, corporateProfileId } = await businessWithAdmin(ctx.app);
      const put = (headers: Record<string, string>, payload: unknown, domain = 'vouched.example') =>
        ctx.app.inject({
          method: 'PUT',
          url: `/api/admin/corporates/${corporateAccountId}/domains/${domain}`,
          headers,
          payload: payload as object,
        });
      expect((await put({}, { verified: true })).statusCode).toBe(401);
      expect((await put({ authorization: 'Bearer wrong' }, { verified: true })).statusCode).toBe(403);
      const bad = await put(operator, { verified: 'yes' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/^verified: /);
      expect((await put(operator, { verified: true }, 'not a domain')).json().message).toMatch(/^domain: /);
      const unknownBusiness = await ctx.app.inject({
        method: 'PUT',
        url: `/api/admin/corporates/00000000-0000-4000-8000-000000000000/domains/vouched.example`,
        headers: operator,
        payload: { verified: true },
      });
      expect(unknownBusiness.statusCode).toBe(404);

      const res = await put(operator, { verified: true });
      expect(res.statusCode).toBe(200);
      expect(res.json<TCorporateDomain>()).toMatchObject({ domain: 'vouched.example', verified: true, verifiedBy: 'operator' });
      let profile = await ctx.app.inject({ url: `/api/vbc/corporateProfile/${corporateProfileId}` });
      expect(profile.json().verifiedDomains).toEqual(['vouched.example']);

      // The CLI goes through the same route.
      const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const out: string[] = [];
      const err: string[] = [];
      const io = { env: { ADMIN_TOKEN }, out: (t: string) => out.push(t), err: (t: string) => err.push(t), cwd: process.cwd() };
      const code = await runCli(['verify-domain', '--corporate', corporateAccountId, '--domain', 'cli.example', '--url', address], io);
      expect(err.join('')).toBe('');
      expect(code).toBe(0);
      expect(out.join('')).toBe(`cli.example is verified for ${corporateAccountId}.\n`);
      expect(await runCli(['verify-domain', '--corporate', corporateAccountId, '--url', address], io)).toBe(2);
      expect(err.join('')).toContain('--domain is required');
      expect(
        await runCli(
          ['verify-domain', '--corporate', corporateAccountId, '--domain', 'vouched.example', '--unverify', '--url', address],
          io,
        ),
      ).toBe(0);
      profile = await ctx.app.inject({ url: `/api/vbc/corporateProfile/${corporateProfileId}` });
      expect(profile.json().verifiedDomains).toEqual(['cli.example']);
    });
  },
  { env: { ALLOW_INSECURE_OUTBOUND: 'true', ADMIN_TOKEN } },
);
