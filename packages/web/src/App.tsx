import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { SessionProvider } from './session/SessionContext.tsx';
import RealtimeGate from './realtime/RealtimeGate.tsx';
import LocaleRoot from './i18n/LocaleRoot.tsx';
import LanguageSync from './i18n/LanguageSync.tsx';
import { HYDRATED_EVENT } from './page-events.ts';
import { readStored } from './platform/storage.ts';
import type { createAppRouter } from './router.tsx';

/**
 * The app: theme (in the language's direction), session, router. The page baseline CSS is in
 * index.html. `hydrating`: the page was rendered on the server (src/ssr/); the first render
 * matches it, and what the server cannot know (the session, the installed app's and messaging
 * hosts, the language kept on the device) follows after.
 */
export default function App({ router, hydrating = false }: { router: ReturnType<typeof createAppRouter>; hydrating?: boolean }) {
  const [hydrated, setHydrated] = useState(!hydrating);
  useEffect(() => {
    setHydrated(true);
    if (hydrating) document.dispatchEvent(new Event(HYDRATED_EVENT));
    // Issue 26: exchanges kept on the device without a network go when it is back (loaded only when one waits).
    if (readStored('exchangeOutbox')) void import('./exchange/exchange-outbox.ts').then((outbox) => outbox.startExchangeOutbox());
  }, [hydrating]);
  return (
    <LocaleRoot>
      <SessionProvider hydrating={hydrating}>
        <RouterProvider router={router} />
        {hydrated && <RealtimeGate router={router} />}
        {hydrated && <LanguageSync router={router} />}
      </SessionProvider>
    </LocaleRoot>
  );
}
