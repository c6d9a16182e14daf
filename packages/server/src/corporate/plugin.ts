import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { bindServices, type BoundServices } from '../plugins/bind-services.ts';
import { findCorporateProfile } from './find-corporate-profile.ts';
import corporateRoutes from './routes.ts';

const services = { findCorporateProfile };

declare module 'fastify' {
  interface FastifyInstance {
    /** Corporate profiles. */
    corporate: BoundServices<typeof services>;
  }
}

/** Corporate: decorates `app.corporate` and registers the SPEC §7 corporate profile reads. */
export default fp(
  async function corporate(app: FastifyInstance) {
    app.decorate('corporate', bindServices(app.db, services));
    await app.register(corporateRoutes);
  },
  { name: 'corporate', dependencies: ['db', 'cards'] },
);
