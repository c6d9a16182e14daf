import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZLoginResult, ZAccountEmail } from '@vbc/shared';
import { ZAddDomain, ZCorporateDomain, ZDomainName, ZSsoComplete, ZSsoDiscovery, ZSsoSettings, ZSsoSettingsInput } from '@vbc/shared/sso';
import { ADMIN_ROLES } from '../corporate/index.ts';
import { requireAccount } from '../platform/plugins/auth.ts';
import { SECURITY, ZNoContent } from '../platform/plugins/docs.ts';
import { uuidParam } from '../platform/http/params.ts';
import { consoleCaller } from '../corporate/index.ts';

const ZCorporateParams = z.object({ corporateAccountId: uuidParam('a corporate account') });
const ZDomainParams = ZCorporateParams.extend({ domain: ZDomainName });
const ZRedirect = z.null().describe('A redirect (Location): to the identity provider, or back to the app');
const noStore = { 'cache-control': 'private, no-store' };
/** Binds a sign-on to the browser that started it (login CSRF): its SHA-256 is kept with the state. */
const BROWSER_COOKIE = 'vbc_sso';

function browserCookie(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === BROWSER_COOKIE && value.length) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/**
 * Issue 27: a business's domains (admins), its SSO settings (admins), and the sign-in by SSO
 * (anyone): discovery by e-mail, the start and callback the browser goes through, and the
 * handoff the app exchanges for its session.
 */
export default async function ssoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['single sign-on'];
  const admin = async (request: FastifyRequest, corporateAccountId: string) => {
    await consoleCaller(app, request, corporateAccountId, ADMIN_ROLES);
  };
  const secureCookie = app.config.PUBLIC_URL.startsWith('https:') ? '; Secure' : '';

  r.get(
    '/api/corporate/:corporateAccountId/domains',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZCorporateParams,
        response: { 200: z.array(ZCorporateDomain) },
        tags,
        summary: "The business's domains, verified or waiting for their token (admins)",
      },
    },
    async (request, reply) => {
      await admin(request, request.params.corporateAccountId);
      reply.headers(noStore);
      return app.sso.listDomains(request.params.corporateAccountId);
    },
  );

  r.post(
    '/api/corporate/:corporateAccountId/domains',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZCorporateParams,
        body: ZAddDomain,
        response: { 200: ZCorporateDomain, 201: ZCorporateDomain },
        tags,
        summary: 'Add a domain to verify: answers its token and where to serve it (admins; 200 when already added)',
      },
    },
    async (request, reply) => {
      await admin(request, request.params.corporateAccountId);
      const { domain, created } = await app.sso.addDomain(
        request.params.corporateAccountId,
        request.body.domain,
        requireAccount(request).id,
      );
      return reply
        .status(created ? 201 : 200)
        .headers(noStore)
        .send(domain);
    },
  );

  r.post(
    '/api/corporate/:corporateAccountId/domains/:domain/verify',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZDomainParams,
        response: { 200: ZCorporateDomain },
        tags,
        summary: 'Look for the token at https://{domain}/.well-known/vbc-verification.txt and verify the domain (admins)',
      },
    },
    async (request, reply) => {
      await admin(request, request.params.corporateAccountId);
      reply.headers(noStore);
      return app.sso.verifyDomain(request.params.corporateAccountId, request.params.domain, requireAccount(request).id);
    },
  );

  r.delete(
    '/api/corporate/:corporateAccountId/domains/:domain',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZDomainParams,
        response: { 204: ZNoContent },
        tags,
        summary: 'Remove a domain (an SSO naming it stops covering it) (admins)',
      },
    },
    async (request, reply) => {
      await admin(request, request.params.corporateAccountId);
      await app.sso.removeDomain(request.params.corporateAccountId, request.params.domain, requireAccount(request).id);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/api/corporate/:corporateAccountId/sso',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZCorporateParams,
        response: { 200: ZSsoSettings },
        tags,
        summary: "The business's identity provider settings, never the client secret (admins; 404 when none)",
      },
    },
    async (request, reply) => {
      await admin(request, request.params.corporateAccountId);
      reply.headers(noStore);
      return app.sso.getSso(request.params.corporateAccountId);
    },
  );

  r.put(
    '/api/corporate/:corporateAccountId/sso',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZCorporateParams,
        body: ZSsoSettingsInput,
        response: { 200: ZSsoSettings },
        tags,
        summary: 'Set the identity provider (OpenID Connect discovery at the issuer), its verified domains and Require SSO (admins)',
      },
    },
    async (request, reply) => {
      await admin(request, request.params.corporateAccountId);
      reply.headers(noStore);
      return app.sso.putSso(request.params.corporateAccountId, request.body, requireAccount(request).id);
    },
  );

  r.delete(
    '/api/corporate/:corporateAccountId/sso',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZCorporateParams,
        response: { 204: ZNoContent },
        tags,
        summary: 'Turn single sign-on off (admins)',
      },
    },
    async (request, reply) => {
      await admin(request, request.params.corporateAccountId);
      await app.sso.deleteSso(request.params.corporateAccountId, requireAccount(request).id);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/api/sso/discover',
    {
      schema: {
        security: SECURITY.none,
        querystring: z.object({ email: ZAccountEmail }),
        response: { 200: ZSsoDiscovery },
        tags,
        summary: "Whether an address signs in with its business's SSO: {ssoUrl} or 404",
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return app.sso.discoverSso(request.query.email);
    },
  );

  r.get(
    '/api/sso/start',
    {
      schema: {
        security: SECURITY.none,
        querystring: z.object({
          corporateAccountId: uuidParam('a corporate account'),
          email: ZAccountEmail.optional(),
          returnTo: z.string().max(2048).optional(),
        }),
        response: { 302: ZRedirect },
        tags,
        summary: "Start signing in at the business's identity provider (a browser navigation: 302)",
      },
    },
    async (request, reply) => {
      const browserToken = randomBytes(24).toString('base64url');
      const { location } = await app.sso.startSso({ ...request.query, browserToken });
      reply.header('set-cookie', `${BROWSER_COOKIE}=${browserToken}; Path=/api/sso; Max-Age=600; HttpOnly; SameSite=Lax${secureCookie}`);
      return reply.headers(noStore).redirect(location, 302);
    },
  );

  r.get(
    '/api/sso/callback',
    {
      schema: {
        security: SECURITY.none,
        querystring: z.record(z.string(), z.string().max(8192)),
        response: { 302: ZRedirect },
        tags,
        summary: "The identity provider's redirect URI: back to the app with a handoff, or with #ssoError= (302)",
      },
    },
    async (request, reply) => {
      const query = new URLSearchParams(request.query);
      const { location } = await app.sso.finishSso({ query, browserToken: browserCookie(request) });
      reply.header('set-cookie', `${BROWSER_COOKIE}=; Path=/api/sso; Max-Age=0; HttpOnly; SameSite=Lax${secureCookie}`);
      return reply.headers(noStore).redirect(location, 302);
    },
  );

  r.post(
    '/api/sso/complete',
    {
      schema: {
        security: SECURITY.none,
        body: ZSsoComplete,
        response: { 200: ZLoginResult },
        tags,
        summary: "Exchange the callback's one-time handoff for a session (the same login result as a one-time code's)",
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return app.sso.completeSso(request.body.handoff);
    },
  );
}
