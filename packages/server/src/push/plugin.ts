import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { TConversationMessage } from '@vbc/shared/conversation';
import type { ZRegisterPushSubscription, ZUnregisterPushSubscription } from '@vbc/shared/push';
import type { z } from 'zod';
import { pemSetting } from '../platform/config/setting-text.ts';
import { ApnsClient } from './apns-client.ts';
import type { TPayloadFor } from './payloads.ts';
import { PushService, type TPushJob, type TSummariesOf } from './push-service.ts';
import type { TDeliveryQueueOptions, TLane } from './delivery-queue.ts';
import pushRoutes from './routes.ts';
import {
  deleteSessionSubscriptions,
  hasSubscription,
  registerSubscription,
  unregisterSubscriptions,
  type TPushCaller,
} from './subscriptions.ts';
import { loadVapidKeys } from './vapid-keys.ts';
import { createWebPushSender } from './web-push-sender.ts';

/** What other domains and the routes use (`app.push`). */
export interface TPush {
  /** base64url application server key (GET /api/push/vapidPublicKey). */
  vapidPublicKey: string;
  check(caller: TPushCaller): Promise<boolean>;
  register(caller: TPushCaller, input: z.output<typeof ZRegisterPushSubscription>): Promise<void>;
  unregister(caller: TPushCaller, input: z.output<typeof ZUnregisterPushSubscription>): Promise<void>;
  /**
   * Queues a notification for every device of these accounts; resolves (with how many) once queued.
   * `lane` 'bulk' (an announcement to many) yields to 'interactive' (default) work: delivery-queue.ts.
   */
  notifyAccounts(accountIds: readonly string[], payloadFor: TPayloadFor, lane?: TLane): Promise<number>;
  /** A committed message: pushed to recipients who have not seen it after PUSH_MESSAGE_DELAY_MS. */
  messageAdded(message: TConversationMessage, participantIds: readonly string[], summaries: TSummariesOf): void;
  /** Delayed checks run and queue empty (tests). */
  idle(): Promise<void>;
  service: PushService;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Web push and APNs (push/README.md). */
    push: TPush;
  }
}

export interface TPushPluginOptions {
  /** Extra CA (PEM) trusted for web push services and APNs (tests). */
  ca?: string;
  queue?: Partial<TDeliveryQueueOptions<TPushJob>>;
}

/**
 * Push: VAPID keys (env or generated once into server_secrets), the docs/contracts.md §7 subscription calls,
 * delivery through web push and APNs. Signing out of a device deletes its subscriptions.
 */
export default fp(
  async function push(app: FastifyInstance, options: TPushPluginOptions) {
    const { config } = app;
    const vapid = await loadVapidKeys(app.db, config);
    const webPush = createWebPushSender({ vapid, allowInsecure: config.ALLOW_INSECURE_OUTBOUND, ca: options.ca });
    const apns =
      config.APNS_KEY && config.APNS_KEY_ID && config.APNS_TEAM_ID && config.APNS_TOPIC
        ? {
            client: new ApnsClient({
              key: pemSetting('APNS_KEY', config.APNS_KEY),
              keyId: config.APNS_KEY_ID,
              teamId: config.APNS_TEAM_ID,
              url: config.APNS_URL,
              ca: options.ca,
            }),
            topic: config.APNS_TOPIC,
          }
        : null;
    if (config.ALLOW_INSECURE_OUTBOUND)
      app.log.warn('ALLOW_INSECURE_OUTBOUND=true: loopback push endpoints and webhooks are accepted (tests only)');
    app.log.info({ webPush: true, apns: Boolean(apns) }, 'push delivery channels');
    const service = new PushService({
      db: app.db,
      log: app.log,
      webPush,
      apns,
      messageDelayMs: config.PUSH_MESSAGE_DELAY_MS,
      queue: options.queue,
    });

    app.decorate('push', {
      vapidPublicKey: vapid.publicKey,
      service,
      check: (caller) => hasSubscription(app.db, caller),
      register: (caller, input) => registerSubscription(app.db, caller, input, config.ALLOW_INSECURE_OUTBOUND),
      unregister: async (caller, input) => {
        await unregisterSubscriptions(app.db, caller, input);
      },
      notifyAccounts: (accountIds, payload, lane) => service.notifyAccounts(accountIds, payload, lane),
      messageAdded: (message, participantIds, summaries) => service.messageAdded(message, participantIds, summaries),
      idle: () => service.idle(),
    } satisfies TPush);

    app.accountEvents.onAccountSignedOut(async (_accountId, info) => {
      if (info.sessionRowId) await deleteSessionSubscriptions(app.db, info.sessionRowId);
    });
    app.addHook('onClose', async () => {
      service.close();
      await webPush.close();
      await apns?.client.close();
    });
    await app.register(pushRoutes);
  },
  { name: 'push', dependencies: ['config', 'db', 'auth', 'accounts'] },
);
