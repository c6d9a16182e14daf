import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { askedRows, batchedStatement, oneByElement } from '../platform/db/batched-statement.ts';
import { preparedQuery } from '../platform/db/prepared.ts';
import { conversationMessages, conversationParticipants, conversations } from '../platform/db/schema/index.ts';
import { conflict, notFound } from '../platform/errors/app-error.ts';
import { messageColumns, type MessageRow } from './present-message.ts';

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

/** The statement's values: a message's, absent ones null, the time as an ISO string. */
type TAppendValues = { [K in keyof Omit<TNewMessage, 'now'>]-?: Exclude<TNewMessage[K], undefined> | null } & { now: string };

const appendValues = (input: TNewMessage): TAppendValues => ({
  conversationId: input.conversationId,
  senderAccountId: input.senderAccountId,
  fromVbcId: input.fromVbcId,
  kind: input.kind,
  body: input.body,
  displayItemId: input.displayItemId ?? null,
  documentFileId: input.documentFileId ?? null,
  clientMessageId: input.clientMessageId ?? null,
  now: input.now.toISOString(),
});

/** Each argument of `append_conversation_message` in order, with its type. */
const APPEND_ARGUMENTS = [
  ['conversationId', 'uuid'],
  ['senderAccountId', 'uuid'],
  ['fromVbcId', 'uuid'],
  ['kind', 'text'],
  ['body', 'text'],
  ['displayItemId', 'uuid'],
  ['documentFileId', 'uuid'],
  ['clientMessageId', 'text'],
  ['now', 'timestamptz'],
] as const satisfies readonly (readonly [keyof TAppendValues, string])[];

/**
 * What `append_conversation_message` (called `m`) answers, named as the table's columns and read as
 * drizzle reads the table: the message, whether it was a replay, and when message seq - 1 was sent;
 * `n` (the element of a batch) when given.
 */
function appendAnswer(n?: SQL<number>) {
  const columns = messageColumns(conversationMessages);
  const row = Object.fromEntries(
    Object.entries(columns).map(([key, column]) => [key, sql`m.${sql.identifier(column.name)}`.mapWith(column)]),
  ) as { [K in keyof typeof columns]: SQL<MessageRow[K]> };
  return {
    n: n ?? sql<number>`0`,
    row,
    replayed: sql<boolean>`m."replayed"`,
    previousAt: sql<Date | null>`m."previous_at"`.mapWith(columns.createdAt),
  };
}

/** `append_conversation_message` for one message, a named statement (prepared once per connection): a transaction's append. */
const appendStatement = preparedQuery((db) =>
  db
    .select(appendAnswer())
    .from(
      sql`append_conversation_message(${sql.join(
        APPEND_ARGUMENTS.map(([name, type]) => sql`${sql.placeholder(name)}::${sql.raw(type)}`),
        sql`, `,
      )}) as m`,
    )
    .prepare('append_conversation_message'),
);

/**
 * `append_conversation_message` for each message of a batch, in the order of the arrays, each
 * message's values an element of one array per argument (`asked`): the sends that meet under load
 * are one statement and one commit (platform/db/batched-statement.ts). The callers sort a batch by
 * conversation, so that every batch takes its conversations' row locks in the same order and two
 * batches never wait for each other in a circle.
 */
const appendBatchStatement = preparedQuery((db) =>
  db
    .select(appendAnswer(sql<number>`asked.n`))
    .from(
      sql`${askedRows(Object.fromEntries(APPEND_ARGUMENTS.map(([name, type], i) => [`arg${i}`, [name, type]])))}
        cross join lateral append_conversation_message(${sql.raw(APPEND_ARGUMENTS.map((_, i) => `asked.arg${i}`).join(', '))}) as m`,
    )
    .prepare('append_conversation_messages'),
);

type TAppendAnswer = Awaited<ReturnType<ReturnType<typeof appendStatement>['execute']>>[number];

/**
 * The appended message from the function's answer, or a 404 (no answer: the conversation does not
 * exist), a 409 (a used clientMessageId with other content), or ReplayedMessage (a retry: the original).
 */
function appendedRow(answer: TAppendAnswer | undefined, input: TNewMessage): TAppendedRow {
  if (!answer) throw notFound('conversation');
  // previousAt: the time of message seq - 1 (null: this is the first, or a replay).
  if (!answer.replayed) return { row: answer.row, previousAt: answer.previousAt };
  if (!sameMessage(answer.row, input)) {
    throw conflict('This clientMessageId was already used for a different message: choose a new id for a new message.');
  }
  throw new ReplayedMessage(answer.row);
}

/**
 * Appends a message, in one statement: the database function `append_conversation_message`
 * (migration 0014) takes the conversation's row lock, then either finds this sender's message
 * with the same clientMessageId (a retry) or bumps `last_seq` and inserts the message with it.
 * Concurrent sends to one conversation therefore run one at a time, sequences are strictly
 * increasing and gap-free on PGlite and PostgreSQL alike, and each send sees the messages
 * committed before it. Inside a transaction (initiateConversation) it is part of it; alone
 * (`appendMessage`) it is batched with the sends of the moment, one statement and one commit. A
 * retry throws ReplayedMessage (the caller's transaction rolls back), or a 409 when the content differs.
 */
export async function appendMessageIn(tx: Db, input: TNewMessage): Promise<TAppendedRow> {
  const [answer] = await appendStatement(tx).execute(appendValues(input));
  return appendedRow(answer, input);
}

/**
 * The sends of a batch, one statement (its own transaction): sorted by conversation for the
 * statement (appendBatchStatement), each answer given back to its own call.
 */
const appendBatched = batchedStatement(appendBatchStatement, async (statement, inputs: readonly TNewMessage[]) => {
  const order = inputs.map((_, i) => i).sort((a, b) => compareIds(inputs[a]!.conversationId, inputs[b]!.conversationId) || a - b);
  const columns = Object.fromEntries(APPEND_ARGUMENTS.map(([name]) => [name, [] as unknown[]]));
  for (const i of order) {
    const values = appendValues(inputs[i]!);
    for (const [name] of APPEND_ARGUMENTS) columns[name]!.push(values[name]);
  }
  const sorted = oneByElement(order.length, await statement.execute(columns), (answer) => answer, undefined);
  const answers = new Array<TAppendAnswer | undefined>(inputs.length);
  order.forEach((i, k) => (answers[i] = sorted[k]));
  return answers;
});

const compareIds = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The message a sender already sent with this clientMessageId, if any. */
export async function findByClientMessageId(
  db: Db,
  conversationId: string,
  senderAccountId: string,
  clientMessageId: string,
): Promise<MessageRow | undefined> {
  const [row] = await db
    .select(messageColumns(conversationMessages))
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

/** A message appended on its own (batched with the sends of the moment, its own transaction): committed when this resolves. */
export function appendMessage(db: Db, input: TNewMessage): Promise<TAppended> {
  return answeringReplays(async () => appendedRow(await appendBatched(db, input), input));
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
