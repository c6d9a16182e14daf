/**
 * The conversation list: fetched when the screen opens (the last list shows at once meanwhile),
 * kept live by ConversationUpdated, refetched after every hub (re)connect.
 */
import { useCallback, useEffect, useState } from 'react';
import type { TConversationSummary } from '@vbc/shared/conversation';
import { listConversations } from '../../api/conversations.ts';
import { errorText } from '../../api/http.ts';
import { onRealtimeResync } from '../../realtime/connection.ts';
import { useClientEvent } from '../../session/events.ts';
import { upsertSummary } from './thread-model.ts';

/** The last list seen in this page's life (for one account): shown at once when the screen opens again. */
let last: { accountId: string | null; list: TConversationSummary[] } | null = null;

export interface TConversations {
  list: TConversationSummary[] | null;
  error: string | null;
  reload: () => void;
}

/** `accountId` null (signed out, or the session still being checked): nothing is fetched. */
export function useConversations(accountId: string | null): TConversations {
  const [list, setList] = useState<TConversationSummary[] | null>(() => (last && last.accountId === accountId ? last.list : null));
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(() => {
    if (!accountId) return;
    listConversations()
      .then((fresh) => {
        last = { accountId, list: fresh };
        setList(fresh);
        setError(null);
      })
      .catch((err: unknown) => setError(errorText(err)));
  }, [accountId]);

  useEffect(() => {
    reload();
    return onRealtimeResync(reload);
  }, [reload]);

  useClientEvent('conversationUpdated', ({ conversation }) => {
    setList((current) => {
      const next = upsertSummary(current ?? [], conversation as TConversationSummary);
      last = { accountId, list: next };
      return next;
    });
  });

  return { list, error, reload };
}
