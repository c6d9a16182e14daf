/**
 * Conversations (docs/contracts.md §3, §7 initiateConversation / haveUnseenMessages, docs/contracts.md §D4 and §D5):
 * request schemas shared by the server routes and the web forms, and the shapes
 * the API and the hub events answer with. Import as `@vbc/shared/conversation`.
 */
import { z } from 'zod';
import { zText } from './text.ts';
import { MESSAGE_MAX_LENGTH } from './files.ts';

/** Messages per page of GET /api/conversation/{id}/messages: default and most. */
export const MESSAGES_PAGE_DEFAULT = 50;
export const MESSAGES_PAGE_MAX = 100;
/** Upload limits of POST /api/conversation/{id}/photos and /documents: the same as everywhere. */
export { DOCUMENT_MAX_BYTES, MESSAGE_MAX_LENGTH, PICTURE_MAX_BYTES as PHOTO_MAX_BYTES } from './files.ts';
/** Longest clientMessageId a client may choose (a UUID fits easily). */
export const CLIENT_MESSAGE_ID_MAX_LENGTH = 100;

/** Message text: required, trimmed, 1–4000 characters. */
export const ZMessageText = zText({ error: 'Required.' })
  .transform((v) => v.trim())
  .superRefine((v, ctx) => {
    if (v === '') ctx.addIssue({ code: 'custom', message: 'Required.' });
    else if (v.length > MESSAGE_MAX_LENGTH) ctx.addIssue({ code: 'custom', message: `Max ${MESSAGE_MAX_LENGTH} characters` });
  });

/** A sender-chosen id that makes a send idempotent (retries return the original message). */
export const ZClientMessageId = z
  .string({ error: 'Required.' })
  .trim()
  .superRefine((v, ctx) => {
    if (v === '') ctx.addIssue({ code: 'custom', message: 'Required.' });
    else if (v.length > CLIENT_MESSAGE_ID_MAX_LENGTH)
      ctx.addIssue({ code: 'custom', message: `Max ${CLIENT_MESSAGE_ID_MAX_LENGTH} characters` });
    else if (!/^[\x21-\x7e]+$/.test(v)) ctx.addIssue({ code: 'custom', message: 'Use printable ASCII without spaces (a UUID is ideal).' });
  });

/** docs/contracts.md §7 POST /api/conversation/initiateConversation. */
export const ZInitiateConversation = z.object({
  /** The card messaged (full id or quickId); its owner receives the message. */
  toVbcId: zText({ error: 'Required.' }).trim().min(1, 'Required.').max(100),
  /** One of the sender's own cards to speak as; absent, null or empty to speak as the account. */
  fromVbcId: z
    .string()
    .trim()
    .max(100)
    .nullish()
    .transform((v) => (v ? v : undefined)),
  message: ZMessageText,
  /** Optional: makes the first send idempotent too. */
  clientMessageId: ZClientMessageId.optional(),
});
export type TInitiateConversation = z.input<typeof ZInitiateConversation>;

/** POST /api/conversation/{id}/messages. */
export const ZSendMessage = z.object({ message: ZMessageText, clientMessageId: ZClientMessageId });
export type TSendMessage = z.input<typeof ZSendMessage>;

/** POST /api/conversation/{id}/seen: everything up to `sequence` (default: the latest) was seen. */
export const ZMarkSeen = z.object({ sequence: z.coerce.number().int().min(0).optional() }).default({});
export type TMarkSeen = z.input<typeof ZMarkSeen>;

/**
 * GET /api/conversation/{id}/messages. `after`: messages with a greater sequence (catch-up after a
 * reconnect, oldest first from there); `before`: the page just older than it (scroll back).
 * Neither: the latest page. Always answered oldest first.
 */
export const ZMessagesQuery = z.object({
  after: z.coerce.number().int().min(0).optional(),
  before: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGES_PAGE_MAX).default(MESSAGES_PAGE_DEFAULT),
});

export const ZMessageKind = z.enum(['text', 'photo', 'document']);
export type TMessageKind = z.infer<typeof ZMessageKind>;

/**
 * A photo message's image, at /ds/vbc/odisplay/{obsecuredDisplayItemId}. A conversation's files
 * are served only to its participants: `url` is that address signed for the account that received
 * this message (valid about an hour; GET …/messages and each hub event mint fresh ones), for
 * `<img src>` as it is.
 */
export const ZMessagePhoto = z.object({
  obsecuredDisplayItemId: z.string(),
  width: z.number(),
  height: z.number(),
  url: z.string(),
});
export type TMessagePhoto = z.infer<typeof ZMessagePhoto>;

/** A document message's file, at /ds/vbc/file/{documentFileItemId}; `url`: signed as a photo's is, for download links as it is. */
export const ZMessageDocument = z.object({
  documentFileItemId: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number(),
  url: z.string(),
});
export type TMessageDocument = z.infer<typeof ZMessageDocument>;

/** One message, as the API answers and as MessageReceived / PhotoSetItemUploaded / DocumentUploaded carry it. */
export const ZConversationMessage = z.object({
  messageId: z.string(),
  personalConversationId: z.string(),
  /** Strictly increasing per conversation, from 1, without gaps. */
  sequence: z.number(),
  kind: ZMessageKind,
  /** The text ('' for a photo or document). */
  message: z.string(),
  /** The sender's accountId (compare with myAccount's accountId); null when that account was deleted. */
  senderAccountId: z.string().nullable(),
  /** True when the sender's account was deleted: show it as from a deleted account. */
  senderDeleted: z.boolean(),
  /** The card the sender spoke as, or null. */
  fromVbcId: z.string().nullable(),
  /** The id the sender chose (their other devices use it to match an optimistic bubble). */
  clientMessageId: z.string().nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
  photo: ZMessagePhoto.optional(),
  document: ZMessageDocument.optional(),
});
export type TConversationMessage = z.infer<typeof ZConversationMessage>;

/** Who the other side of a conversation is, as the viewer sees them. */
export const ZCounterpart = z.object({
  /** The card's name when they speak as a card, else their account name; 'Deleted account' after deletion. */
  name: z.string(),
  vbcId: z.string().nullable(),
  quickId: z.string().nullable(),
  /** Their card's picture (/ds/vbc/profilepicture/{vbcId}) when it has one. */
  pictureUrl: z.string().optional(),
  /** Present and true when their account was deleted. */
  deleted: z.boolean().optional(),
});
export type TCounterpart = z.infer<typeof ZCounterpart>;

/** A conversation as one participant sees it (list rows, initiateConversation, ConversationUpdated). */
export const ZConversationSummary = z.object({
  personalConversationId: z.string(),
  counterpart: ZCounterpart,
  /** The card the viewer speaks as in this conversation, or null. */
  myVbcId: z.string().nullable(),
  lastMessage: ZConversationMessage.nullable(),
  /** Messages from the other side after the viewer's last seen sequence. */
  unseenCount: z.number(),
  /** Sequence of the newest message (0 when none). */
  lastSequence: z.number(),
  /** The highest sequence the other side has seen: the viewer's messages up to it show as seen. */
  counterpartSeenSequence: z.number(),
  /** The highest sequence the viewer has seen. */
  mySeenSequence: z.number(),
  /** ISO 8601 time of the newest message. */
  updatedAt: z.string(),
});
export type TConversationSummary = z.infer<typeof ZConversationSummary>;

/** docs/contracts.md §7 GET /api/conversation/haveUnseenMessages. */
export const ZHaveUnseenMessages = z.object({
  result: z.boolean(),
  /** Unseen messages over all conversations. */
  count: z.number(),
});
export type THaveUnseenMessages = z.infer<typeof ZHaveUnseenMessages>;

/** The ConversationSeen hub event. */
export interface TConversationSeen {
  personalConversationId: string;
  /** accountId of the participant who saw. */
  seenBy: string;
  /** ISO 8601. */
  seenAt: string;
  /** Everything up to this sequence was seen. */
  sequence: number;
}

/** Names of the server-to-client hub methods of docs/contracts.md §D5 this module sends. */
export const CONVERSATION_HUB_EVENTS = {
  messageReceived: 'MessageReceived',
  photoSetItemUploaded: 'PhotoSetItemUploaded',
  documentUploaded: 'DocumentUploaded',
  conversationUpdated: 'ConversationUpdated',
  conversationSeen: 'ConversationSeen',
} as const;
