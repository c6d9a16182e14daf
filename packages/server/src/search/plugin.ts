import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { bindServices, type BoundServices } from '../platform/plugins/bind-services.ts';
import { scheduleSearchWordsFill } from './fill-search-words.ts';
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
    // The words of linked cards stored before migration 0040, written after the start a batch at a time.
    scheduleSearchWordsFill(app);
    await app.register(searchRoutes);
  },
  { name: 'search', dependencies: ['db', 'auth'] },
);
