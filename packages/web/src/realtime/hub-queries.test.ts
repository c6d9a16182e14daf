import { afterEach, describe, expect, it } from 'vitest';
import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import type { TConversationSummary } from '@vbc/shared/conversation';
import { queryKeys } from '../api/query-keys.ts';
import { toClientEvent } from './hub-events.ts';
import { bridgeHubEvents } from './hub-queries.ts';

const summary = (id: string, updatedAt: string, extra: Partial<TConversationSummary> = {}) =>
  ({ personalConversationId: id, updatedAt, counterpartSeenSequence: 0, ...extra }) as TConversationSummary;

let stop = () => {};
afterEach(() => stop());

describe('hub events → query cache', () => {
  it('ConversationUpdated puts the summary into the cached list (newest first) and the cached conversation', () => {
    const client = new QueryClient();
    stop = bridgeHubEvents(client);
    client.setQueryData(queryKeys.conversations.list(), [summary('a', '2026-01-02T00:00:00Z'), summary('b', '2026-01-01T00:00:00Z')]);
    client.setQueryData(queryKeys.conversations.one('b'), summary('b', '2026-01-01T00:00:00Z'));

    toClientEvent('ConversationUpdated', summary('b', '2026-01-03T00:00:00Z', { counterpartSeenSequence: 7 }));

    const list = client.getQueryData<TConversationSummary[]>(queryKeys.conversations.list());
    expect(list?.map((s) => s.personalConversationId)).toEqual(['b', 'a']);
    expect(client.getQueryData<TConversationSummary>(queryKeys.conversations.one('b'))?.counterpartSeenSequence).toBe(7);
    // A conversation nobody has loaded is not made up from an event.
    toClientEvent('ConversationUpdated', summary('c', '2026-01-04T00:00:00Z'));
    expect(client.getQueryData(queryKeys.conversations.one('c'))).toBeUndefined();
  });

  it("AccountUpdated invalidates the account's queries, and nothing else", () => {
    const client = new QueryClient();
    stop = bridgeHubEvents(client);
    client.setQueryData(queryKeys.account.recents(), { recents: [] });
    client.setQueryData(queryKeys.pets.one('p'), { name: 'Rex' });

    toClientEvent('AccountUpdated', { accountName: 'Ana' });

    expect(client.getQueryState(queryKeys.account.recents())?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.pets.one('p'))?.isInvalidated).toBe(false);
  });

  it("LeadReceived (issue 26) invalidates the leads' lists and the Home count, and nothing else", () => {
    const client = new QueryClient();
    stop = bridgeHubEvents(client);
    client.setQueryData(queryKeys.leads.newCount(), 2);
    client.setQueryData(queryKeys.leads.list(null, {}), { pages: [], pageParams: [] });
    client.setQueryData(queryKeys.account.recents(), { recents: [] });

    toClientEvent('LeadReceived', { leadId: 'lead-1', name: 'Bruno Diaz' });

    expect(client.getQueryState(queryKeys.leads.newCount())?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.leads.list(null, {}))?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.account.recents())?.isInvalidated).toBe(false);
  });

  it('a lead arriving while "Load more" fetches its page keeps that page, then refetches every page (issue 26)', async () => {
    const client = new QueryClient();
    stop = bridgeHubEvents(client);
    let leads = 3;
    const calls: string[] = [];
    let releaseSecondPage = () => {};
    const secondPageAsked = new Promise<void>((resolve) => {
      releaseSecondPage = resolve;
    });
    // Pages of one lead each, newest first; the cursor is how many were skipped.
    const observer = new InfiniteQueryObserver(client, {
      queryKey: queryKeys.leads.list(null, {}),
      initialPageParam: 0,
      queryFn: async ({ pageParam }: { pageParam: number }) => {
        calls.push(`page ${pageParam}`);
        if (pageParam === 1 && calls.length === 2) await secondPageAsked;
        return { items: [`lead ${leads - pageParam}`], next: pageParam + 1 < leads ? pageParam + 1 : null };
      },
      getNextPageParam: (page: { items: string[]; next: number | null }) => page.next ?? undefined,
    });
    const unsubscribe = observer.subscribe(() => {});
    try {
      await observer.refetch();
      const more = observer.fetchNextPage();
      leads = 4;
      toClientEvent('LeadReceived', { leadId: 'lead-4', name: 'Late Arrival' });
      releaseSecondPage();
      await more;
      await expect.poll(() => observer.getCurrentResult().data?.pages.length).toBe(2);
      await expect.poll(() => observer.getCurrentResult().data?.pages.flatMap((p) => p.items)).toEqual(['lead 4', 'lead 3']);
      expect(calls.slice(0, 2)).toEqual(['page 0', 'page 1']);
    } finally {
      unsubscribe();
    }
  });

  it('stops on unsubscribe', () => {
    const client = new QueryClient();
    bridgeHubEvents(client)();
    client.setQueryData(queryKeys.conversations.list(), [summary('a', '2026-01-02T00:00:00Z')]);
    toClientEvent('ConversationUpdated', summary('b', '2026-01-03T00:00:00Z'));
    expect(client.getQueryData<TConversationSummary[]>(queryKeys.conversations.list())).toHaveLength(1);
  });
});
