import { useContext, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useSession } from '../session/SessionContext.tsx';
import { createQueryClient } from '../api/query-client.ts';
import { bridgeHubEvents } from '../realtime/hub-queries.ts';
import { ServerQueryClientContext } from '../api/server-query-client.ts';

/** The browser's one query client, kept current by the hub's events for the page's life. */
const queryClient = createQueryClient();
bridgeHubEvents(queryClient);

/** Whose answers the cache holds: a visitor, or one account. */
let cacheOwner: string | undefined;

/**
 * Provides the app's one query client (mounted around each data screen and window, see
 * `lazy-with-queries.tsx`). When someone else signs in, or the account signs out, the cache is
 * emptied before anything renders from it: no screen shows another account's answers.
 */
export default function QueryRoot({ children }: { children: ReactNode }) {
  const server = useContext(ServerQueryClientContext);
  const { status, account } = useSession();
  if (server) return <QueryClientProvider client={server}>{children}</QueryClientProvider>;
  const owner =
    status === 'checking'
      ? cacheOwner
      : status === 'signedIn'
        ? `account:${(account as { accountId?: string } | null)?.accountId ?? ''}`
        : 'visitor';
  if (owner !== cacheOwner) {
    if (cacheOwner !== undefined) queryClient.clear();
    cacheOwner = owner;
  }
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
