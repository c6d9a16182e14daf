/**
 * The web app's query client (TanStack Query; the browser's one is `query-root/QueryRoot.tsx`'s,
 * the server renderer makes one per page). Defaults, chosen so nothing refetches
 * behind the user's back in bursts:
 * - `staleTime: 0`, `refetchOnMount`: a screen that opens shows what is cached at once and
 *   refreshes it (what every screen did by hand before);
 * - no refetch on window focus or network reconnect, no retries: the hub's events
 *   (`bridgeHubEvents`) and its resync after every (re)connect say when data changed;
 * - a query's error is the screen's to show (`errorText(query.error)`, docs/contracts.md §8 per screen);
 *   a mutation that has no `onError` of its own shows its error as a warning notification
 *   (the app's one way to report a failed action).
 */
import { MutationCache, QueryClient } from '@tanstack/react-query';
import { notify } from '../platform/events.ts';
import { errorText } from './error-text.ts';

/** A query client with the app's defaults (above). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.options.onError) notify(errorText(error), 'warning');
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 0,
        gcTime: 5 * 60_000,
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
      mutations: { retry: false },
    },
  });
}
