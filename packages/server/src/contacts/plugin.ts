import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { isUuid, normalizeQuickId } from '@vbc/shared';
import { notFound } from '../errors/app-error.ts';
import { ContactCache } from './contact-cache.ts';
import { findContact, type FoundContact } from './find-contact.ts';
import { StatsCounter } from './stats-counter.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Batched view/download counts. */
    stats: StatsCounter;
    /** Public card reads through the cache, and the one call every writer of a card makes. */
    contacts: {
      /** A card by id or quickId for public display (cached), or a 404. */
      getPublic(contactId: string): Promise<FoundContact>;
      /** Call after any change to a card: drops it from every instance's cache. */
      changed(contactId: string): Promise<void>;
    };
  }
}

const CHANNEL = 'contact-changed';

/** Card reads for visitors (cached), batched counting, and change notification between instances. */
export default fp(
  async function contactsPlugin(app: FastifyInstance) {
    const cache = new ContactCache();
    // Counts just written make cached copies stale here; other instances refresh within the TTL.
    const stats = new StatsCounter(app.db, app.config.STATS_FLUSH_MS, app.log, (ids) => ids.forEach((id) => cache.drop(id)));
    const unsubscribe = await app.backplane.subscribe(CHANNEL, (contactId) => cache.drop(contactId));

    app.decorate('stats', stats);
    app.decorate('contacts', {
      async getPublic(contactId: string) {
        const key = isUuid(contactId.trim()) ? contactId.trim().toLowerCase() : normalizeQuickId(contactId.trim());
        const cached = cache.get(key);
        if (cached) return cached;
        const found = await findContact(app.db, contactId);
        if (!found) throw notFound('card');
        cache.set(found);
        return found;
      },
      async changed(contactId: string) {
        cache.drop(contactId);
        await app.backplane.publish(CHANNEL, contactId);
      },
    });
    app.addHook('preClose', async () => {
      await unsubscribe();
      await stats.close();
    });
  },
  { name: 'contacts', dependencies: ['db', 'backplane'] },
);
