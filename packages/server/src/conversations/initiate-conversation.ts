import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { conversationParticipants, conversations } from '../platform/db/schema/index.ts';
import { badRequest, forbidden } from '../platform/errors/app-error.ts';
import { findContact, getContact } from '../cards/index.ts';
import { appendMessageIn, inMessageTransaction, type TAppended } from './append-message.ts';
import type { MessageRow } from './present-message.ts';

export interface TInitiateInput {
  senderAccountId: string;
  toVbcId: string;
  fromVbcId?: string;
  message: string;
  clientMessageId?: string;
  now: Date;
}

/** The key of a pair of sides: the same whichever side starts. */
export function pairKey(a: { accountId: string; vbcId: string | null }, b: { accountId: string; vbcId: string | null }): string {
  return [`${a.accountId}:${a.vbcId ?? '-'}`, `${b.accountId}:${b.vbcId ?? '-'}`].sort().join('|');
}

/**
 * docs/contracts.md §7 initiateConversation. The recipient is the owner of card `toVbcId` (docs/contracts.md §5: only a card
 * with a personal account, never one of the sender's own); `fromVbcId` must be one of the sender's
 * cards. Reuses the conversation between the same two accounts and cards, or starts it, and appends
 * the message — all in one transaction, in which `onAppended` runs with the new message (a replayed
 * retry never reaches it).
 */
export async function initiateConversation(
  db: Db,
  input: TInitiateInput,
  onAppended?: (tx: Db, row: MessageRow, recipientAccountId: string) => Promise<void>,
): Promise<{ conversationId: string; appended: TAppended }> {
  const to = await getContact(db, input.toVbcId);
  const ownerId = to.row.ownerAccountId;
  if (!ownerId) throw badRequest('toVbcId: this card has no owner yet, so it cannot receive messages.');
  if (ownerId === input.senderAccountId) throw badRequest('toVbcId: this is one of your own cards; you cannot send it a message.');

  let fromVbcId: string | null = null;
  if (input.fromVbcId !== undefined) {
    const from = await findContact(db, input.fromVbcId);
    if (!from || from.row.ownerAccountId !== input.senderAccountId) throw forbidden('fromVbcId: choose one of your own cards.');
    fromVbcId = from.row.id;
  }

  const sender = { accountId: input.senderAccountId, vbcId: fromVbcId };
  const recipient = { accountId: ownerId, vbcId: to.row.id };
  const key = pairKey(sender, recipient);

  const appended = await inMessageTransaction(db, async (tx) => {
    // Two first messages at once: the second insert waits for the first and then finds its row.
    const [created] = await tx
      .insert(conversations)
      .values({ pairKey: key, createdAt: input.now, updatedAt: input.now })
      .onConflictDoNothing({ target: conversations.pairKey })
      .returning({ id: conversations.id });
    let conversationId: string;
    if (created) {
      conversationId = created.id;
      await tx.insert(conversationParticipants).values([
        { conversationId, accountId: sender.accountId, vbcId: sender.vbcId, joinedAt: input.now },
        { conversationId, accountId: recipient.accountId, vbcId: recipient.vbcId, joinedAt: input.now },
      ]);
    } else {
      const [found] = await tx.select({ id: conversations.id }).from(conversations).where(eq(conversations.pairKey, key)).limit(1);
      conversationId = found!.id;
    }
    const appendedRow = await appendMessageIn(tx, {
      conversationId,
      senderAccountId: sender.accountId,
      fromVbcId,
      kind: 'text',
      body: input.message,
      clientMessageId: input.clientMessageId,
      now: input.now,
    });
    await onAppended?.(tx, appendedRow.row, recipient.accountId);
    return appendedRow;
  });
  return { conversationId: appended.row.conversationId, appended };
}
