/**
 * The conversation list: from the query cache (the last list shows at once when the screen
 * opens again, and is refetched), kept live by ConversationUpdated and refetched after every
 * hub (re)connect (both in `realtime/hub-queries.ts`).
 */
import { useQuery } from '@tanstack/react-query';
import type { TConversationSummary } from '@vbc/shared/conversation';
import { errorText } from '../../api/error-text.ts';
import { conversationQueries } from '../../api/queries.ts';

export interface TConversations {
  list: TConversationSummary[] | null;
  error: string | null;
}

/** `accountId` null (signed out, or the session still being checked): nothing is fetched. */
export function useConversations(accountId: string | null): TConversations {
  const query = useQuery({ ...conversationQueries.list(), enabled: accountId !== null });
  return {
    list: query.data ?? null,
    error: query.error ? errorText(query.error) : null,
  };
}
