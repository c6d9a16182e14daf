import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { conversationMessages, conversationParticipants, conversations } from '../db/schema/index.ts';
import { conflict, notFound } from '../errors/app-error.ts';
import type { MessageRow } from './presenter.ts';

export interface TNewMessage {
  conversationId: string;
  senderAccountId: string;
  /** The card the sender speaks as in this conversation. */
  fromVbcId: string | null;
  kind: 'text' | 'photo' | 'document';
  body: string;
  displayItemId?: string;
  documentFileId?: string;
  clientMessageId?: string;
  now: Date;
}

/** A message appended in a transaction, and when the one before it in its conversation was sent. */
export interface TAppendedRow {
  row: MessageRow;
  /**
   * The previous message's time (null: this is the first). A hub instance that has not followed
   * the conversation yet delivers at once when that is older than its followers (hub/ordering.ts).
   */
  previousAt: Date | null;
}

export interface TAppended {
  row: MessageRow;
  /** Unknown (undefined) for a replay. */
  previousAt?: Date | null;
  /** False when the clientMessageId was already used for this same message: `row` is the original. */
  created: boolean;
}

/** Does a stored message answer a retry of `input` (same content), so the original can be returned? */
export function sameMessage(row: MessageRow, input: TNewMessage): boolean {
  return row.kind === input.kind && (input.kind !== 'text' || row.body === input.body);
}

/** Thrown inside the transaction when a retry finds its original: rolls back the sequence taken. */
export class ReplayedMessage extends Error {
  constructor(readonly row: MessageRow) {
    super('clientMessageId replay');
  }
}

/**
 * Appends a message inside the caller's transaction (use `inMessageTransaction`). The first
 * statement, `update conversations set last_seq = last_seq + 1 … returning`, takes the row lock and
 * the next sequence at once: concurrent sends to one conversation run one at a time, sequences are
 * strictly increasing and gap-free on PGlite and PostgreSQL alike, and each send sees the messages
 * committed before it. The insert skips a used clientMessageId (`on conflict do nothing`); the
 * retry then finds the original and throws ReplayedMessage (rolling its sequence back), or a 409
 * when the content differs. The common path is three statements: the third reads the previous
 * message's time by its key (committed: we hold the lock its sender held).
 */
export async function appendMessageIn(tx: Db, input: TNewMessage): Promise<TAppendedRow> {
  const [bumped] = await tx
    .update(conversations)
    .set({ lastSeq: sql`${conversations.lastSeq} + 1`, updatedAt: input.now })
    .where(eq(conversations.id, input.conversationId))
    .returning({ seq: conversations.lastSeq });
  if (!bumped) throw notFound('conversation');

  const [row] = await tx
    .insert(conversationMessages)
    .values({
      conversationId: input.conversationId,
      seq: bumped.seq,
      senderAccountId: input.senderAccountId,
      fromVbcId: input.fromVbcId,
      kind: input.kind,
      body: input.body,
      displayItemId: input.displayItemId ?? null,
      documentFileId: input.documentFileId ?? null,
      clientMessageId: input.clientMessageId ?? null,
      createdAt: input.now,
    })
    .onConflictDoNothing({ target: [conversationMessages.conversationId, conversationMessages.senderAccountId, conversationMessages.clientMessageId] })
    .returning();
  if (row) return { row, previousAt: bumped.seq > 1 ? await sentAt(tx, input.conversationId, bumped.seq - 1) : null };
  // The clientMessageId was used before (committed: we hold the conversation's lock).
  const existing = await findByClientMessageId(tx, input.conversationId, input.senderAccountId, input.clientMessageId!);
  if (!existing || !sameMessage(existing, input)) {
    throw conflict('This clientMessageId was already used for a different message: choose a new id for a new message.');
  }
  throw new ReplayedMessage(existing);
}

/** When message `seq` of a conversation was sent (null if there is none). */
async function sentAt(tx: Db, conversationId: string, seq: number): Promise<Date | null> {
  const [previous] = await tx
    .select({ createdAt: conversationMessages.createdAt })
    .from(conversationMessages)
    .where(and(eq(conversationMessages.conversationId, conversationId), eq(conversationMessages.seq, seq)))
    .limit(1);
  return previous?.createdAt ?? null;
}

/** Runs `work` (which appends a message) in a transaction; a replayed clientMessageId answers with the original. */
export async function inMessageTransaction<T>(db: Db, work: (tx: Db) => Promise<T & TAppendedRow>): Promise<T & TAppended> {
  try {
    return { ...(await db.transaction(work)), created: true };
  } catch (error) {
    if (error instanceof ReplayedMessage) return { row: error.row, created: false } as T & TAppended;
    throw error;
  }
}

/** The message a sender already sent with this clientMessageId, if any. */
export async function findByClientMessageId(db: Db, conversationId: string, senderAccountId: string, clientMessageId: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(conversationMessages)
    .where(
      and(
        eq(conversationMessages.conversationId, conversationId),
        eq(conversationMessages.senderAccountId, senderAccountId),
        eq(conversationMessages.clientMessageId, clientMessageId),
      ),
    )
    .limit(1);
  return row;
}

/** appendMessageIn in its own transaction: the message is committed when this resolves. */
export function appendMessage(db: Db, input: TNewMessage): Promise<TAppended> {
  return inMessageTransaction(db, (tx) => appendMessageIn(tx, input));
}

/**
 * Marks a conversation seen by one side up to `sequence` (default: the newest message), never
 * backwards. Returns the new seen sequence, or null when nothing changed.
 */
export async function markSeen(db: Db, participantId: string, conversationId: string, sequence: number | undefined): Promise<number | null> {
  const [conv] = await db.select({ lastSeq: conversations.lastSeq }).from(conversations).where(eq(conversations.id, conversationId)).limit(1);
  if (!conv) throw notFound('conversation');
  const target = Math.min(sequence ?? conv.lastSeq, conv.lastSeq);
  const [updated] = await db
    .update(conversationParticipants)
    .set({ lastSeenSeq: target })
    .where(and(eq(conversationParticipants.id, participantId), sql`${conversationParticipants.lastSeenSeq} < ${target}`))
    .returning({ lastSeenSeq: conversationParticipants.lastSeenSeq });
  return updated ? updated.lastSeenSeq : null;
}
