/**
 * The bridge from the hub's events (`hub-events.ts`, re-emitted on the client-event bus) to the
 * query cache: an event whose payload is the whole entity updates the cached entry in place;
 * an event that only says something changed invalidates the resource's keys, and the screens
 * that show it refetch. Every hub (re)connect invalidates what may have been missed meanwhile.
 * Installed once, with the browser's query client (`query-root/QueryRoot.tsx`).
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { TConversationSummary } from '@vbc/shared/conversation';
import { queryKeys } from '../api/query-keys.ts';
import { onClientEvent } from '../platform/events.ts';
import { upsertSummary } from '../messaging/thread-model.ts';
import { onRealtimeResync } from './connection.ts';

/** Subscribes `client` to the hub's events for the page's life; returns the unsubscribe. */
export function bridgeHubEvents(client: QueryClient): () => void {
  const stops = [
    onClientEvent('conversationUpdated', ({ personalConversationId, conversation }) => {
      const summary = conversation as TConversationSummary;
      client.setQueryData<TConversationSummary[]>(queryKeys.conversations.list(), (list) => (list ? upsertSummary(list, summary) : list));
      client.setQueryData<TConversationSummary>(queryKeys.conversations.one(personalConversationId), (old) => (old ? summary : old));
    }),
    // The account changed elsewhere (another device renamed it, a card was added): its lists refetch.
    onClientEvent('accountUpdated', () => void refetchAfterRunning(client, queryKeys.account.all)),
    // A new announcement: the list (and the tab's unread badge) refetch.
    onClientEvent('announcementPublished', () => void refetchAfterRunning(client, queryKeys.announcements.all)),
    // A visitor left their details: the Leads lists and the Home tile's count refetch.
    onClientEvent('leadReceived', () => void refetchAfterRunning(client, queryKeys.leads.all)),
    onRealtimeResync(() => {
      void refetchAfterRunning(client, queryKeys.conversations.all);
      void refetchAfterRunning(client, queryKeys.announcements.all);
      void refetchAfterRunning(client, queryKeys.leads.all);
    }),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}

/**
 * Invalidates `queryKey` without cancelling a fetch that is running. `invalidateQueries` cancels it
 * by default, and a cancelled "Load more" of a paged list is lost: the refetch brings back only the
 * pages the list had before the click. So a running fetch finishes first (the first call joins
 * it), and then the queries refetch, with every page they now have.
 */
export async function refetchAfterRunning(client: QueryClient, queryKey: QueryKey): Promise<void> {
  const running = client.isFetching({ queryKey }) > 0;
  await client.invalidateQueries({ queryKey }, { cancelRefetch: false });
  if (running) await client.invalidateQueries({ queryKey }, { cancelRefetch: false });
}
