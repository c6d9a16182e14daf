import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { conversationMessages, conversationParticipants } from '../db/schema/index.ts';
import { ConversationAnnouncer } from './announce.ts';
import conversationRoutes from './routes.ts';

/**
 * Conversations: the routes, their hub events, and their part of account deletion — the deleted
 * account's messages stay for the other side, shown as from a deleted account (the foreign keys
 * then clear the account and card ids).
 */
export default fp(
  async function conversations(app: FastifyInstance) {
    const announcer = new ConversationAnnouncer(app.db, app.hub, app.log);
    /** Conversations of accounts being deleted, announced to the other side once the deletion is committed. */
    const deleting = new Map<string, string[]>();
    app.accountDeletionSteps.push({
      name: 'conversations',
      async run(tx, accountId) {
        const rows = await tx
          .select({ conversationId: conversationParticipants.conversationId })
          .from(conversationParticipants)
          .where(eq(conversationParticipants.accountId, accountId));
        deleting.set(accountId, rows.map((r) => r.conversationId));
        await tx.update(conversationMessages).set({ senderDeleted: true }).where(eq(conversationMessages.senderAccountId, accountId));
        await tx.update(conversationParticipants).set({ accountDeleted: true }).where(eq(conversationParticipants.accountId, accountId));
      },
    });
    app.accountEvents.onAccountDeleted(async (accountId) => {
      const ids = deleting.get(accountId) ?? [];
      deleting.delete(accountId);
      for (const id of ids) await announcer.conversationChanged(id);
    });
    await app.register(conversationRoutes, {
      deps: () => ({ db: app.db, storage: app.storage, rateLimiter: app.rateLimiter, announcer, clock: app.clock }),
    });
  },
  { name: 'conversations', dependencies: ['db', 'storage', 'multipart', 'accounts', 'hub'] },
);
