import type { TConversationMessage, TCounterpart } from '@vbc/shared/conversation';
import type { conversationMessages } from '../db/schema/index.ts';

export type MessageRow = typeof conversationMessages.$inferSelect;

/** A message row with what its attachment needs (left-joined; null when none). */
export interface TMessageRecord {
  message: MessageRow;
  photo: { obsecuredId: string; width: number; height: number } | null;
  document: { id: string; name: string; contentType: string; size: number } | null;
}

/** Message row → the API / hub shape (TConversationMessage). */
export function presentMessage(record: TMessageRecord): TConversationMessage {
  const { message: m, photo, document } = record;
  const out: TConversationMessage = {
    messageId: m.id,
    personalConversationId: m.conversationId,
    sequence: m.seq,
    kind: m.kind,
    message: m.body,
    senderAccountId: m.senderAccountId,
    senderDeleted: m.senderDeleted,
    fromVbcId: m.fromVbcId,
    clientMessageId: m.clientMessageId,
    createdAt: m.createdAt.toISOString(),
  };
  if (m.kind === 'photo' && photo) out.photo = { obsecuredDisplayItemId: photo.obsecuredId, width: photo.width, height: photo.height };
  if (m.kind === 'document' && document) {
    out.document = { documentFileItemId: document.id, name: document.name, contentType: document.contentType, size: document.size };
  }
  return out;
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
