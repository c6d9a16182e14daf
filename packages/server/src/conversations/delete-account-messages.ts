import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { conversationMessages, conversationParticipants } from '../platform/db/schema/index.ts';

/**
 * Conversations' part of deleting an account, inside the deletion transaction: the account's
 * messages stay for the other side, shown as from a deleted account (the foreign keys then clear
 * the account and card ids). Returns the conversations to announce once the deletion is committed.
 */
export async function markAccountMessagesDeleted(tx: Db, accountId: string): Promise<string[]> {
  const rows = await tx
    .select({ conversationId: conversationParticipants.conversationId })
    .from(conversationParticipants)
    .where(eq(conversationParticipants.accountId, accountId));
  await tx.update(conversationMessages).set({ senderDeleted: true }).where(eq(conversationMessages.senderAccountId, accountId));
  await tx.update(conversationParticipants).set({ accountDeleted: true }).where(eq(conversationParticipants.accountId, accountId));
  return rows.map((r) => r.conversationId);
}
