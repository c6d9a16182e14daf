import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { bindServices, type BoundServices } from '../platform/plugins/bind-services.ts';
import { ConversationAnnouncer, missedMessageEvents } from './announce.ts';
import { markAccountMessagesDeleted } from './delete-account-messages.ts';
import { conversationFileRule } from './private-files.ts';
import { haveUnseenMessages, summariesByAccount } from './read-conversations.ts';
import { conversationOf, conversationsOf, messagesOf, type TViewerDeps } from './read-for-viewer.ts';
import conversationRoutes from './routes.ts';
import { seeConversation, sendAttachment, sendText, startConversation, type TConversationDeps } from './write-conversations.ts';

const writes = { startConversation, sendText, sendAttachment, seeConversation };
const reads = { haveUnseenMessages };
const viewerReads = { conversationsOf, conversationOf, messagesOf };

declare module 'fastify' {
  interface FastifyInstance {
    /** Messages between accounts: a participant's reads and writes (writes are rate-limited and announced on the hub). */
    conversations: BoundServices<typeof writes> & BoundServices<typeof reads> & BoundServices<typeof viewerReads>;
  }
}

/**
 * Conversations: decorates `app.conversations`, registers the routes, announces changes on the
 * hub (and fills gaps in its ordered message events), and takes part in account deletion (markAccountMessagesDeleted, announced once committed).
 */
export default fp(
  async function conversations(app: FastifyInstance) {
    // A conversation's photos and documents are served only to its participants, by signed links.
    app.privateFileRules.push((file, accountId) => conversationFileRule(app.db, file, accountId));
    const viewer: TViewerDeps = { db: app.db, links: app.files };
    const announcer = new ConversationAnnouncer(viewer, app.hub, app.log, (message, accountIds) =>
      app.push.messageAdded(message, accountIds, (conversationId) => summariesByAccount(app.db, conversationId)),
    );
    // Message events are ordered by sequence on the hub; a lost one is read back from the database.
    app.hub.fillGapsWith((accountId, conversationId, from, to) => missedMessageEvents(viewer, accountId, conversationId, from, to));
    const deps: TConversationDeps = {
      db: app.db,
      links: app.files,
      storage: app.storage,
      rateLimiter: app.rateLimiter,
      announcer,
      clock: app.clock,
      metrics: app.metrics,
      events: app.integrationEvents,
    };
    app.decorate('conversations', { ...bindServices(deps, writes), ...bindServices(app.db, reads), ...bindServices(viewer, viewerReads) });

    /** Conversations of accounts being deleted, announced to the other side once the deletion is committed. */
    const deleting = new Map<string, string[]>();
    app.accountDeletionSteps.push({
      name: 'conversations',
      async run(tx, accountId) {
        deleting.set(accountId, await markAccountMessagesDeleted(tx, accountId));
      },
    });
    app.accountEvents.onAccountDeleted(async (accountId) => {
      const ids = deleting.get(accountId) ?? [];
      deleting.delete(accountId);
      for (const id of ids) await announcer.conversationChanged(id);
    });
    await app.register(conversationRoutes);
  },
  {
    name: 'conversations',
    dependencies: ['db', 'storage', 'files', 'multipart', 'accounts', 'hub', 'metrics', 'push', 'integration-events'],
  },
);
