import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { bindServices, type BoundServices } from '../platform/plugins/bind-services.ts';
import { SecretBox } from '../platform/crypto/secret-box.ts';
import { createOutboundFetch } from '../platform/outbound/outbound-fetch.ts';
import type { TSsoDeps } from './deps.ts';
import { addDomain, listDomains, removeDomain, verifiedDomains, verifyDomain, vouchDomain } from './domains.ts';
import { completeSso, discoverSso, finishSso, requireSsoPolicy, startSso } from './flow.ts';
import { oidcConfigurations } from './oidc-client.ts';
import { deleteSso, getSso, putSso } from './settings.ts';
import ssoRoutes from './routes.ts';
import { scheduleSsoLoginSweep } from './sweep-logins.ts';

const services = { addDomain, verifyDomain, vouchDomain, getSso, putSso, startSso, finishSso, completeSso };
const dbServices = { listDomains, removeDomain, verifiedDomains, discoverSso, deleteSso };

declare module 'fastify' {
  interface FastifyInstance {
    /** A business's verified domains and its single sign-on (issue 27). */
    sso: BoundServices<typeof services> & BoundServices<typeof dbServices>;
  }
}

/**
 * Verified domains and single sign-on (OpenID Connect): decorates `app.sso`, refuses codes where SSO
 * is required, sweeps expired sign-in attempts, registers the routes.
 */
export default fp(
  async function sso(app: FastifyInstance) {
    const { config } = app;
    const allowInsecure = config.ALLOW_INSECURE_OUTBOUND;
    const now = () => app.clock.now();
    const fetch = createOutboundFetch({ allowInsecure, timeoutMs: 10_000, maxBytes: 1024 * 1024 });
    const deps: TSsoDeps = {
      db: app.db,
      fetch,
      allowInsecure,
      now,
      box: new SecretBox(app.signingKey, 'sso'),
      redirectUri: `${config.PUBLIC_URL}/api/sso/callback`,
      oidc: oidcConfigurations({ fetch, allowInsecure, now }),
      signInVerifiedEmail: (person, step) => app.accounts.signInVerifiedEmail(person, step),
      log: app.log,
    };
    app.decorate('sso', { ...bindServices(deps, services), ...bindServices(app.db, dbServices) });
    app.codeSignInPolicies.push((channel, contact) => requireSsoPolicy(app.db, channel, contact));
    scheduleSsoLoginSweep(app);
    await app.register(ssoRoutes);
  },
  { name: 'sso', dependencies: ['config', 'db', 'secrets', 'corporate', 'accounts'] },
);
