import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { bindServices, type BoundServices } from '../platform/plugins/bind-services.ts';
import { deliverAnnouncement } from './deliver-announcement.ts';
import { findAnnouncement, listAnnouncements, markAnnouncementRead } from './read-announcements.ts';
import announcementRoutes from './routes.ts';
import {
  createAnnouncement,
  findAuthoredAnnouncement,
  listCorporateAnnouncements,
  updateAnnouncement,
  withdrawAnnouncement,
  type TWriteResult,
} from './write-announcement.ts';

const services = {
  listAnnouncements,
  findAnnouncement,
  markAnnouncementRead,
  createAnnouncement,
  updateAnnouncement,
  withdrawAnnouncement,
  listCorporateAnnouncements,
  findAuthoredAnnouncement,
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Announcements: recipients' reads, authors' writes, and telling recipients (announcements/README.md). */
    announcements: BoundServices<typeof services> & {
      /** After a write's commit: if it published, sends the hub event and queues the push, off the request path. */
      announce(result: TWriteResult): void;
      /** Every delivery started so far has finished (tests, benches). */
      idle(): Promise<void>;
    };
  }
}

/** Announcements: decorates `app.announcements` and registers the reader and console routes (the operator's is in admin/). */
export default fp(
  async function announcements(app: FastifyInstance) {
    const pending = new Set<Promise<void>>();
    app.decorate('announcements', {
      ...bindServices(app.db, services),
      announce(result: TWriteResult) {
        if (!result.published) return;
        const { summary, recipients } = result.published;
        const run = deliverAnnouncement({ hub: app.hub, push: app.push, log: app.log }, summary, recipients)
          .catch((err: unknown) => app.log.warn({ err, announcementId: summary.announcementId }, 'announcement delivery failed'))
          .finally(() => pending.delete(run));
        pending.add(run);
      },
      async idle() {
        while (pending.size > 0) await Promise.all(pending);
      },
    });
    app.addHook('onClose', async () => {
      await Promise.all(pending);
    });
    await app.register(announcementRoutes);
  },
  { name: 'announcements', dependencies: ['db', 'auth', 'hub', 'push', 'corporate'] },
);
