import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { bindServices, type BoundServices } from '../platform/plugins/bind-services.ts';
import { SecretBox } from '../platform/crypto/secret-box.ts';
import { ADMIN_ROLES } from '../corporate/index.ts';
import { listAttempts, redeliver, sendTestEvent } from './attempts.ts';
import { WebhookDispatcher, type TDispatcherOptions } from './dispatcher.ts';
import { disabledNotices } from './endpoint-health.ts';
import { createEndpoint, deleteEndpoint, listEndpoints, setEndpointEnabled, type TEndpointDeps } from './manage-endpoints.ts';
import { OUTBOX_CHANNEL, recordEvents, recordEventsIn } from './record-event.ts';
import { createWebhookSender } from './send-webhook.ts';
import { EventSubscribers } from './subscribers.ts';
import webhookRoutes from './routes.ts';

const writes = { createEndpoint, deleteEndpoint, setEndpointEnabled };
const reads = { listEndpoints, listAttempts, redeliver };

/** Plugin options (tests): the dispatcher is on unless `dispatch: false`; timings override the config's. */
export interface TWebhooksPluginOptions extends Partial<TDispatcherOptions> {
  /** False: this app records events but never delivers (tests that look at the outbox, or another instance delivers). */
  dispatch?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Webhook endpoints (issue 26): registration, attempts, test events and redelivery; delivery runs in the dispatcher. */
    webhooks: BoundServices<typeof writes> &
      BoundServices<typeof reads> & {
        sendTestEvent(accountId: string, webhookId: string): Promise<{ eventId: string }>;
        /** Looks for due deliveries now (tests, after changing the outbox by hand). */
        wake(): void;
      };
  }
}

/**
 * Webhooks: decorates `app.webhooks`, records integration events into the outbox (a recorder on
 * `app.integrationEvents`, told which accounts' events someone wants by a cache of subscribers),
 * and runs the dispatcher from ready to close.
 */
export default fp(
  async function webhooks(app: FastifyInstance, options: TWebhooksPluginOptions) {
    const { config } = app;
    const box = new SecretBox(app.signingKey, 'webhook-secrets');
    const subscribers = new EventSubscribers(app.db, app.backplane, app.log);
    await subscribers.start();
    app.integrationEvents.use(recordEvents, (type, accountId) => subscribers.wants(type, accountId), recordEventsIn);

    const deps: TEndpointDeps = {
      db: app.db,
      box,
      allowInsecure: config.ALLOW_INSECURE_OUTBOUND,
      requireAdmin: (accountId, corporateAccountId) => app.corporate.requireRole(accountId, corporateAccountId, ADMIN_ROLES),
      endpointsChanged: (accountId) => subscribers.changed(accountId),
    };
    const sender = createWebhookSender({ allowInsecure: config.ALLOW_INSECURE_OUTBOUND });
    const dispatcher = new WebhookDispatcher(
      {
        db: app.db,
        box,
        sender,
        log: app.log,
        metrics: app.metrics,
        async disabled(endpointId) {
          const notices = await disabledNotices(app.db, endpointId);
          if (!notices) return;
          await subscribers.changed(notices.accountId);
          for (const mail of notices.mails) {
            await app.notifier
              .sendMail(mail)
              .catch((error: unknown) => app.log.warn({ err: error }, 'webhooks: could not mail a disabled notice'));
          }
          app.log.warn({ endpointId }, 'webhooks: endpoint disabled after failing for 3 days');
        },
      },
      {
        retryScheduleMs: options.retryScheduleMs ?? config.WEBHOOK_RETRY_SCHEDULE_MS,
        leaseMs: options.leaseMs ?? config.WEBHOOK_CLAIM_LEASE_MS,
        concurrency: options.concurrency ?? 16,
        pollMs: options.pollMs ?? 1000,
      },
    );

    app.decorate('webhooks', {
      ...bindServices(deps, writes),
      ...bindServices(app.db, reads),
      sendTestEvent: (accountId, webhookId) => sendTestEvent(app.db, accountId, webhookId, new Date()),
      wake: () => dispatcher.wake(),
    });

    let unlisten: (() => Promise<void>) | undefined;
    if (options.dispatch !== false) {
      app.addHook('onReady', async () => {
        unlisten = await app.database.listen(OUTBOX_CHANNEL, () => dispatcher.wake());
        dispatcher.start();
      });
    }
    // Before the database closes: in-flight deliveries finish, or their claims are released.
    app.addHook('preClose', async () => {
      await unlisten?.();
      await dispatcher.stop();
      await subscribers.stop();
      sender.close();
    });
    await app.register(webhookRoutes);
  },
  { name: 'webhooks', dependencies: ['db', 'secrets', 'backplane', 'integration-events', 'metrics', 'corporate', 'accounts', 'notify'] },
);
