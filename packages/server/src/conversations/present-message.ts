import { getTableName, sql, type SQL, type Table } from 'drizzle-orm';
import type { TConversationMessage, TConversationSummary, TCounterpart } from '@vbc/shared/conversation';
import { columnsWithout } from '../platform/db/columns-without.ts';
import { conversationMessages } from '../platform/db/schema/index.ts';

/** A message's columns but `json`, which only a page reads: of the table, or of an alias of it. */
export function messageColumns<T extends Table & { _: { columns: { json: unknown } } }>(table: T): Omit<T['_']['columns'], 'json'> {
  return columnsWithout(table, 'json');
}

export type MessageRow = Omit<typeof conversationMessages.$inferSelect, 'json'>;

/** A message row with what its attachment needs (left-joined; null when none). */
export interface TMessageRecord {
  message: MessageRow;
  photo: { obsecuredId: string; width: number; height: number } | null;
  document: { id: string; name: string; contentType: string; size: number } | null;
}

const PHOTO_PATH = '/ds/vbc/odisplay/';
const DOCUMENT_PATH = '/ds/vbc/file/';

/**
 * A message's fields but its time, by their names in the API, in the order of the JSON that
 * migration 0037's `conversation_message_json` writes for a page.
 */
function messageFields<M extends Record<Exclude<keyof MessageRow, 'createdAt' | 'displayItemId' | 'documentFileId'>, unknown>>(
  m: M,
): {
  messageId: M['id'];
  personalConversationId: M['conversationId'];
  sequence: M['seq'];
  kind: M['kind'];
  message: M['body'];
  senderAccountId: M['senderAccountId'];
  senderDeleted: M['senderDeleted'];
  fromVbcId: M['fromVbcId'];
  clientMessageId: M['clientMessageId'];
} {
  return {
    messageId: m.id,
    personalConversationId: m.conversationId,
    sequence: m.seq,
    kind: m.kind,
    message: m.body,
    senderAccountId: m.senderAccountId,
    senderDeleted: m.senderDeleted,
    fromVbcId: m.fromVbcId,
    clientMessageId: m.clientMessageId,
  };
}

/**
 * Message row → the API / hub shape (TConversationMessage). An attachment's `url` is its unsigned
 * address here, which serves a conversation's file to nobody: every answer and event signs it for
 * the account it goes to (`withFileLinks`).
 */
export function presentMessage(record: TMessageRecord): TConversationMessage {
  const { message: m, photo, document } = record;
  // Object.assign, not `{ ...fields, createdAt }`: V8 adds a key after a spread by a runtime call (present-card.ts).
  const out: TConversationMessage = Object.assign(messageFields(m), { createdAt: m.createdAt.toISOString() });
  if (m.kind === 'photo' && photo) {
    out.photo = {
      obsecuredDisplayItemId: photo.obsecuredId,
      width: photo.width,
      height: photo.height,
      url: `${PHOTO_PATH}${photo.obsecuredId}`,
    };
  }
  if (m.kind === 'document' && document) {
    out.document = {
      documentFileItemId: document.id,
      name: document.name,
      contentType: document.contentType,
      size: document.size,
      url: `${DOCUMENT_PATH}${document.id}`,
    };
  }
  return out;
}

/**
 * presentMessage written by PostgreSQL, for a page sent as PostgreSQL wrote it: the message's
 * `json`, which the database keeps on every write (migration 0037's `conversation_message_json`),
 * or for a message stored before that migration, the same function's answer as it is read. The
 * same fields in the same shape, its file's address unsigned as presentMessage's is (`hasFile`);
 * documented-reads.test.ts and private-files.test.ts hold the two to each other.
 */
export const storedMessageJson: SQL<string> = sql<string>`coalesce(${conversationMessages.json}, conversation_message_json(${sql.identifier(getTableName(conversationMessages))}))`;

/**
 * Whether the message has a file that presentMessage shows, whose address each reader gets signed
 * (withFileLinks): a photo or document message whose file is still stored (a removed file's key is
 * set null by its foreign key).
 */
export const hasFile: SQL<boolean> = sql<boolean>`(${conversationMessages.kind} = 'photo' and ${conversationMessages.displayItemId} is not null
  or ${conversationMessages.kind} = 'document' and ${conversationMessages.documentFileId} is not null)`;

/** What signs a conversation file's address for an account (`app.files`). */
export interface TFileLinks {
  photoLink(obsecuredId: string, accountId: string): string;
  documentLink(documentFileItemId: string, accountId: string): string;
}

/** The message as `accountId` receives it: its photo or document with an address signed for that account. */
export function withFileLinks(links: TFileLinks, accountId: string, message: TConversationMessage): TConversationMessage {
  if (message.photo)
    return { ...message, photo: { ...message.photo, url: links.photoLink(message.photo.obsecuredDisplayItemId, accountId) } };
  if (message.document)
    return { ...message, document: { ...message.document, url: links.documentLink(message.document.documentFileItemId, accountId) } };
  return message;
}

/** A summary as `accountId` receives it: its last message's file signed for that account. */
export function summaryWithFileLinks(links: TFileLinks, accountId: string, summary: TConversationSummary): TConversationSummary {
  return summary.lastMessage ? { ...summary, lastMessage: withFileLinks(links, accountId, summary.lastMessage) } : summary;
}

/** The name shown for an account whose owner deleted it. */
export const DELETED_ACCOUNT_NAME = 'Deleted account';

/** What is known of the other side of a conversation (left-joined card and account). */
export interface TCounterpartRow {
  accountDeleted: boolean;
  accountName: string | null;
  vbcId: string | null;
  quickId: string | null;
  firstName: string | null;
  lastName: string | null;
  hasPicture: boolean;
}

/** The other side as the viewer sees it: their card when they speak as one, else their account. */
export function presentCounterpart(row: TCounterpartRow): TCounterpart {
  if (row.accountDeleted) return { name: DELETED_ACCOUNT_NAME, vbcId: null, quickId: null, deleted: true };
  const cardName = `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim();
  const out: TCounterpart = {
    name: (row.vbcId && cardName) || row.accountName || DELETED_ACCOUNT_NAME,
    vbcId: row.vbcId,
    quickId: row.vbcId ? row.quickId : null,
  };
  if (row.vbcId && row.hasPicture) out.pictureUrl = `/ds/vbc/profilepicture/${row.vbcId}`;
  return out;
}
