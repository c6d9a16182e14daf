import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { bindServices, type BoundServices } from '../platform/plugins/bind-services.ts';
import { createCorporate } from './create-corporate.ts';
import { mintCards, replacePasscode } from './mint-cards.ts';
import adminRoutes from './routes.ts';
import { unlockCard } from './unlock-card.ts';

const services = { mintCards, replacePasscode, unlockCard, createCorporate };

declare module 'fastify' {
  interface FastifyInstance {
    /** Operator actions behind the admin token. */
    admin: BoundServices<typeof services>;
  }
}

/** Admin: decorates `app.admin` and registers the operators' API (its token check guards only those routes). */
export default fp(
  async function admin(app: FastifyInstance) {
    app.decorate('admin', bindServices(app.db, services));
    await app.register(adminRoutes);
  },
  { name: 'admin', dependencies: ['config', 'db', 'files', 'announcements', 'sso'] },
);
