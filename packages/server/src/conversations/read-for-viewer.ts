import type { TConversationMessage, TConversationSummary } from '@vbc/shared/conversation';
import type { Db } from '../platform/db/client.ts';
import { summaryWithFileLinks, withFileLinks, type TFileLinks } from './present-message.ts';
import { getSummary, listConversations, listMessagesFor, type TPageQuery } from './read-conversations.ts';

/** What a participant's reads need: the database, and what signs the conversation files' links for them. */
export interface TViewerDeps {
  db: Db;
  links: TFileLinks;
}

/** The caller's conversations, newest first, as they see them. */
export async function conversationsOf(deps: TViewerDeps, accountId: string): Promise<TConversationSummary[]> {
  return (await listConversations(deps.db, accountId)).map((s) => summaryWithFileLinks(deps.links, accountId, s));
}

/** One conversation as the caller sees it, or a 404. */
export async function conversationOf(deps: TViewerDeps, accountId: string, conversationId: string): Promise<TConversationSummary> {
  return summaryWithFileLinks(deps.links, accountId, await getSummary(deps.db, accountId, conversationId));
}

/**
 * A page of a conversation's messages for a participant (404 for anyone else): the JSON text
 * PostgreSQL wrote, sent as it is, or, when some message has a file, the messages with their
 * files' links signed for the caller.
 */
export async function messagesOf(
  deps: TViewerDeps,
  accountId: string,
  conversationId: string,
  page: TPageQuery,
): Promise<TConversationMessage[] | string> {
  const { json, files } = await listMessagesFor(deps.db, accountId, conversationId, page);
  if (!files) return json;
  return (JSON.parse(json) as TConversationMessage[]).map((m) => withFileLinks(deps.links, accountId, m));
}
