import { createHmac } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { bindServices, type BoundServices } from '../platform/plugins/bind-services.ts';
import { announceLead, type TVisitorMail } from './announce-lead.ts';
import { captureLead, createLeadWriter, type TCaptureDeps, type TCaptured } from './capture-lead.ts';
import { forgetKey } from './forget-link.ts';
import { deleteOwnLead, forgetLead, getLead, leadsToExport, listLeads, updateLead, type TLeadDeps } from './manage-leads.ts';
import leadRoutes from './routes.ts';

const readServices = { listLeads, getLead, leadsToExport };
const writeServices = { updateLead, deleteOwnLead, forgetLead };
const captureServices = { captureLead };

declare module 'fastify' {
  interface FastifyInstance {
    /** Leads: a visitor's details left on a card, the owner's and the business's reads and writes (leads/README.md). */
    leads: BoundServices<typeof readServices> &
      BoundServices<typeof writeServices> &
      BoundServices<typeof captureServices> & {
        /**
         * After an exchange's commit: hub event, push and the visitor's e-mail (in `mail.locale`, the
         * visitor's language), off the request path (a replay announces nothing).
         */
        announce(captured: TCaptured, mail: TVisitorMail | null): void;
        /** Every announcement started so far has finished (tests, benches). */
        idle(): Promise<void>;
        /** The key the "Forget my details" links are signed with. */
        forgetKey: Buffer;
      };
  }
}

/** Leads (issue 26): decorates `app.leads` and registers the exchange, owner, business console and forget routes. */
export default fp(
  async function leads(app: FastifyInstance) {
    const key = forgetKey(app.signingKey);
    const captureDeps: TCaptureDeps = {
      db: app.db,
      clock: app.clock,
      rateLimiter: app.rateLimiter,
      clientKey: createHmac('sha256', app.signingKey).update('vbc:lead-exchange-client:v1').digest(),
      getPublic: (contactId) => app.cards.getPublic(contactId),
      writeLead: createLeadWriter(app.db, app.integrationEvents),
    };
    const deps: TLeadDeps = { db: app.db, clock: app.clock, integrationEvents: app.integrationEvents };
    const announceDeps = {
      hub: app.hub,
      push: app.push,
      notifier: app.notifier,
      visitorVCard: (contactId: string) => app.cards.visitorVCard(contactId),
      publicUrl: app.config.PUBLIC_URL,
      forgetKey: key,
      log: app.log,
    };
    const pending = new Set<Promise<void>>();
    // Once the app closes, the hub's backplane and the database go: an exchange answered while
    // draining is stored, but announced to nobody (a push is a hint; the owner's list has it).
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.decorate('leads', {
      ...bindServices(app.db, readServices),
      ...bindServices(deps, writeServices),
      ...bindServices(captureDeps, captureServices),
      announce(captured: TCaptured, mail: TVisitorMail | null) {
        if (!captured.fresh || !captured.lead || closing) return;
        const run = announceLead(announceDeps, {
          ownerAccountId: captured.ownerAccountId,
          lead: captured.lead,
          cardId: captured.card.row.id,
          mail,
        })
          .catch((err: unknown) => app.log.warn({ err, leadId: captured.leadId }, 'lead announcement failed'))
          .finally(() => pending.delete(run));
        pending.add(run);
      },
      async idle() {
        while (pending.size > 0) await Promise.all(pending);
      },
      forgetKey: key,
    });
    app.addHook('onClose', async () => {
      await Promise.all(pending);
    });
    await app.register(leadRoutes);
  },
  {
    name: 'leads',
    dependencies: [
      'config',
      'db',
      'secrets',
      'auth',
      'accounts',
      'rate-limiter',
      'integration-events',
      'cards',
      'corporate',
      'hub',
      'push',
    ],
  },
);
