import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { bindServices, type BoundServices } from '../platform/plugins/bind-services.ts';
import { searchCards } from './search-cards.ts';
import searchRoutes from './routes.ts';

const services = { searchCards };

declare module 'fastify' {
  interface FastifyInstance {
    /** Card search across one's recents, folders, businesses and public directories. */
    cardSearch: BoundServices<typeof services>;
  }
}

/** Search: decorates `app.cardSearch` (`app.search` is Fastify's SEARCH method) and registers GET /api/vbc/search. */
export default fp(
  async function search(app: FastifyInstance) {
    app.decorate('cardSearch', bindServices(app.db, services));
    await app.register(searchRoutes);
  },
  { name: 'search', dependencies: ['db', 'auth'] },
);
