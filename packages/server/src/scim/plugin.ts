import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { bindServices, type BoundServices } from '../platform/plugins/bind-services.ts';
import scimRoutes from './scim-routes.ts';
import scimTokenRoutes from './token-routes.ts';
import { createScimToken, listScimTokens, revokeScimToken, scimTokenAdmits } from './tokens.ts';

const services = { createScimToken, listScimTokens, revokeScimToken, scimTokenAdmits };

declare module 'fastify' {
  interface FastifyInstance {
    /** SCIM provisioning (issue 27): the business's SCIM tokens. The SCIM resources themselves are routes over corporate. */
    scim: BoundServices<typeof services>;
  }
}

/** SCIM 2.0 provisioning: `app.scim`, the console's token routes and `/scim/v2/{corporateAccountId}/`. */
export default fp(
  async function scim(app: FastifyInstance) {
    app.decorate('scim', bindServices(app.db, services));
    await app.register(scimTokenRoutes);
    await app.register(scimRoutes, { prefix: '/scim/v2' });
  },
  { name: 'scim', dependencies: ['db', 'cards', 'corporate', 'rate-limiter'] },
);
