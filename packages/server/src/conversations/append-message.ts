import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { preparedQuery } from '../platform/db/prepared.ts';
import { conversationMessages, conversationParticipants, conversations } from '../platform/db/schema/index.ts';
import { conflict, notFound } from '../platform/errors/app-error.ts';
import type { MessageRow } from './present-message.ts';

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

/** Thrown when a retry finds its original (nothing was appended): a caller's transaction rolls back. */
export class ReplayedMessage extends Error {
  constructor(readonly row: MessageRow) {
    super('clientMessageId replay');
  }
}

/**
 * `append_conversation_message` as a named statement (prepared once per connection: every send runs
 * it), answering the message's columns (named as the table's, read as drizzle reads the table),
 * whether it was a replay, and when message seq - 1 was sent.
 */
const appendStatement = preparedQuery((db) => {
  const columns = getTableColumns(conversationMessages);
  const row = Object.fromEntries(
    Object.entries(columns).map(([key, column]) => [key, sql`${sql.identifier(column.name)}`.mapWith(column)]),
  ) as { [K in keyof typeof columns]: SQL<MessageRow[K]> };
  const arg = (name: keyof TAppendValues, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;
  return db
    .select({ row, replayed: sql<boolean>`"replayed"`, previousAt: sql<Date | null>`"previous_at"`.mapWith(columns.createdAt) })
    .from(
      sql`append_conversation_message(${arg('conversationId', 'uuid')}, ${arg('senderAccountId', 'uuid')}, ${arg('fromVbcId', 'uuid')},
        ${arg('kind', 'text')}, ${arg('body', 'text')}, ${arg('displayItemId', 'uuid')}, ${arg('documentFileId', 'uuid')},
        ${arg('clientMessageId', 'text')}, ${arg('now', 'timestamptz')})`,
    )
    .prepare('append_conversation_message');
});

/** The statement's values: a message's, absent ones null, the time as an ISO string. */
type TAppendValues = { [K in keyof Omit<TNewMessage, 'now'>]-?: Exclude<TNewMessage[K], undefined> | null } & { now: string };

/**
 * Appends a message, in one statement: the database function `append_conversation_message`
 * (migration 0014) takes the conversation's row lock, then either finds this sender's message
 * with the same clientMessageId (a retry) or bumps `last_seq` and inserts the message with it.
 * Concurrent sends to one conversation therefore run one at a time, sequences are strictly
 * increasing and gap-free on PGlite and PostgreSQL alike, and each send sees the messages
 * committed before it. Called alone (`appendMessage`) the statement is its own transaction, one
 * round trip; inside a transaction (initiateConversation) it is part of it. A retry throws
 * ReplayedMessage (the caller's transaction rolls back), or a 409 when the content differs.
 */
export async function appendMessageIn(tx: Db, input: TNewMessage): Promise<TAppendedRow> {
  const values: TAppendValues = {
    ...input,
    displayItemId: input.displayItemId ?? null,
    documentFileId: input.documentFileId ?? null,
    clientMessageId: input.clientMessageId ?? null,
    now: input.now.toISOString(),
  };
  const [answer] = await appendStatement(tx).execute(values);
  if (!answer) throw notFound('conversation');
  // previousAt: the time of message seq - 1 (null: this is the first, or a replay).
  if (!answer.replayed) return { row: answer.row, previousAt: answer.previousAt };
  if (!sameMessage(answer.row, input)) {
    throw conflict('This clientMessageId was already used for a different message: choose a new id for a new message.');
  }
  throw new ReplayedMessage(answer.row);
}

/** The message a sender already sent with this clientMessageId, if any. */
export async function findByClientMessageId(
  db: Db,
  conversationId: string,
  senderAccountId: string,
  clientMessageId: string,
): Promise<MessageRow | undefined> {
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

/** Runs `work` (which appends a message) in a transaction; a replayed clientMessageId answers with the original. */
export function inMessageTransaction<T>(db: Db, work: (tx: Db) => Promise<T & TAppendedRow>): Promise<T & TAppended> {
  return answeringReplays(() => db.transaction(work));
}

/** appendMessageIn on its own (one statement, its own transaction): the message is committed when this resolves. */
export function appendMessage(db: Db, input: TNewMessage): Promise<TAppended> {
  return answeringReplays(() => appendMessageIn(db, input));
}

/** The appended message, or the original a replayed clientMessageId found (`created: false`). */
async function answeringReplays<T>(append: () => Promise<T & TAppendedRow>): Promise<T & TAppended> {
  try {
    return { ...(await append()), created: true };
  } catch (error) {
    if (error instanceof ReplayedMessage) return { row: error.row, created: false } as T & TAppended;
    throw error;
  }
}

/**
 * Marks a conversation seen by one side up to `sequence` (default: the newest message), never
 * backwards. Returns the new seen sequence, or null when nothing changed.
 */
export async function markSeen(
  db: Db,
  participantId: string,
  conversationId: string,
  sequence: number | undefined,
): Promise<number | null> {
  const [conv] = await db
    .select({ lastSeq: conversations.lastSeq })
    .from(conversations)
    .where(eq(conversations.id, conversationId))
    .limit(1);
  if (!conv) throw notFound('conversation');
  const target = Math.min(sequence ?? conv.lastSeq, conv.lastSeq);
  const [updated] = await db
    .update(conversationParticipants)
    .set({ lastSeenSeq: target })
    .where(and(eq(conversationParticipants.id, participantId), sql`${conversationParticipants.lastSeenSeq} < ${target}`))
    .returning({ lastSeenSeq: conversationParticipants.lastSeenSeq });
  return updated ? updated.lastSeenSeq : null;
}
