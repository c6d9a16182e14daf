/**
 * Conversation calls (docs/contracts.md §7 initiateConversation / haveUnseenMessages, docs/contracts.md §D4 routes).
 * Shapes come from @vbc/shared/conversation; failures reject with an HttpError whose message
 * is the server's (docs/contracts.md §8).
 */
import type { TConversationMessage, TConversationSummary, THaveUnseenMessages, TInitiateConversation } from '@vbc/shared/conversation';
import { http } from './http.ts';

const base = (id: string) => `/api/conversation/${encodeURIComponent(id)}`;

/** Sends a first message to a card's owner; answers with the sender's view of the conversation. */
export const initiateConversation = (body: TInitiateConversation) =>
  http.post<TConversationSummary>('/api/conversation/initiateConversation', body);

export const haveUnseenMessages = () => http.get<THaveUnseenMessages>('/api/conversation/haveUnseenMessages');

/** The signed-in account's conversations, newest first. */
export const listConversations = () => http.get<TConversationSummary[]>('/api/conversation');

export const getConversation = (id: string) => http.get<TConversationSummary>(base(id));

/** One page of messages, oldest first: `after` catches up, `before` pages back, neither gives the latest. */
export function listMessages(id: string, query: { after?: number; before?: number; limit?: number } = {}) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const qs = params.toString();
  return http.get<TConversationMessage[]>(`${base(id)}/messages${qs ? `?${qs}` : ''}`);
}

/** Idempotent on clientMessageId: a retry answers with the original message. */
export const sendMessage = (id: string, message: string, clientMessageId: string) =>
  http.post<TConversationMessage>(`${base(id)}/messages`, { message, clientMessageId });

/** Everything up to `sequence` was seen. */
export const markSeen = (id: string, sequence: number) => http.post<void>(`${base(id)}/seen`, { sequence });

/** Sends a photo or a document (multipart field `file`), idempotent on clientMessageId. */
export function sendAttachment(id: string, kind: 'photo' | 'document', file: File, clientMessageId: string): Promise<TConversationMessage> {
  const body = new FormData();
  body.append('file', file, file.name);
  return http.upload<TConversationMessage>(`${base(id)}/${kind}s?clientMessageId=${encodeURIComponent(clientMessageId)}`, body);
}
