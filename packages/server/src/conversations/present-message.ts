import { and, eq, getTableName, isNotNull, or, sql } from 'drizzle-orm';
import type { TConversationMessage, TConversationSummary, TCounterpart } from '@vbc/shared/conversation';
import type { Db } from '../platform/db/client.ts';
import { jsonPlainString, jsonString, jsonText, textLiteral, type TJsonText } from '../platform/db/json-text.ts';
import { qualified } from '../platform/db/qualified.ts';
import { conversationMessages, displayItems, documentFiles } from '../platform/db/schema/index.ts';

export type MessageRow = typeof conversationMessages.$inferSelect;

/** A message row with what its attachment needs (left-joined; null when none). */
export interface TMessageRecord {
  message: MessageRow;
  photo: { obsecuredId: string; width: number; height: number } | null;
  document: { id: string; name: string; contentType: string; size: number } | null;
}

const PHOTO_PATH = '/ds/vbc/odisplay/';
const DOCUMENT_PATH = '/ds/vbc/file/';

/**
 * A message's fields but its time, by their names in the API: of a row (values) for
 * presentMessage, of the table (columns) for messageJson, so the two name the same fields.
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

/** Whether the message carries a photo, or a document, that presentMessage would show. */
const hasPhoto = and(eq(conversationMessages.kind, sql`'photo'`), isNotNull(displayItems.obsecuredId))!;
const hasDocument = and(eq(conversationMessages.kind, sql`'document'`), isNotNull(documentFiles.id))!;
/** Whether messageJson's message has a file, whose address each reader gets signed (withFileLinks). */
export const hasFile = or(hasPhoto, hasDocument)!;

/**
 * presentMessage written by PostgreSQL: the JSON text of a message of `conversation_messages`
 * left-joined to `display_items` and `document_files` (messageFileLookups),
 * for a page sent as PostgreSQL wrote it. The same fields in the same shape, each attachment only
 * when its message has one; documented-reads.test.ts and private-files.test.ts hold the two to
 * each other. Its files' addresses are unsigned, as presentMessage's are (`hasFile`). `kind` is
 * one of the words its check constraint allows, written without escaping.
 */
export function messageJson(): TJsonText {
  const m = conversationMessages;
  const fields = { ...messageFields(m), kind: jsonPlainString(qualified(m.kind)), createdAt: m.createdAt };
  const photo = jsonText({
    obsecuredDisplayItemId: displayItems.obsecuredId,
    width: displayItems.width,
    height: displayItems.height,
    url: jsonString(sql`${textLiteral(PHOTO_PATH)} || ${qualified(displayItems.obsecuredId)}`),
  });
  const document = jsonText({
    documentFileItemId: documentFiles.id,
    name: documentFiles.name,
    contentType: documentFiles.contentType,
    size: documentFiles.size,
    url: jsonPlainString(sql`${textLiteral(DOCUMENT_PATH)} || ${qualified(documentFiles.id)}`),
  });
  return {
    jsonText: sql<string>`case when ${hasPhoto} then ${jsonText({ ...fields, photo }).jsonText} when ${hasDocument} then ${jsonText({ ...fields, document }).jsonText} else ${jsonText(fields).jsonText} end`,
  };
}

/**
 * A page's lookups of its messages' files, for messageJson and hasFile (read-conversations.ts:
 * each left-joined laterally, `on true`): the photo of a photo message and the document of a
 * document message, each a subquery named as its table, with the columns messageJson reads. Each
 * is gated by the message's kind, which PostgreSQL checks before it looks anything up, so a text
 * message reads neither table. (`limit 1`, a key's one row, keeps the planner from flattening a
 * subquery into a plain join, which would check the kind only after the lookup.) Plain left joins
 * looked up both for every message: on a database whose `display_items` or `document_files` is
 * still empty, a sequential scan started again for each of a page's 50 messages, most of the
 * page's time (docs/benchmarks.md, "A text message reads no file").
 */
export function messageFileLookups(db: Db) {
  const m = conversationMessages;
  const photo = db
    .select({ obsecuredId: displayItems.obsecuredId, width: displayItems.width, height: displayItems.height })
    .from(displayItems)
    .where(and(sql`${qualified(m.kind)} = 'photo'`, eq(displayItems.id, qualified(m.displayItemId))))
    .limit(1)
    .as(getTableName(displayItems));
  const document = db
    .select({ id: documentFiles.id, name: documentFiles.name, contentType: documentFiles.contentType, size: documentFiles.size })
    .from(documentFiles)
    .where(and(sql`${qualified(m.kind)} = 'document'`, eq(documentFiles.id, qualified(m.documentFileId))))
    .limit(1)
    .as(getTableName(documentFiles));
  return { photo, document };
}

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
