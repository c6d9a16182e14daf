import { lazy, Suspense, useCallback } from 'react';
import { useSession } from '../session/SessionContext.tsx';

const MessagingHost = lazy(() => import('./MessagingHost.tsx'));
// Offline banner, update notice, notification clicks (signed in or not): after the first render.
const PwaHost = lazy(() => import('../pwa/PwaHost.tsx'));

/**
 * Mounts the installed app's host (pwa/PwaHost.tsx) always, and messaging (hub connection,
 * unread badge source, push) only while signed in; its code, and the SignalR client behind it, never load for a signed-out visitor.
 * It sits beside the router (not inside), so it navigates through `router`.
 */
export default function RealtimeGate({ router }: { router: { navigate: (to: string) => unknown } }) {
  const { status } = useSession();
  const navigate = useCallback((to: string) => void router.navigate(to), [router]);
  return (
    <Suspense fallback={null}>
      <PwaHost navigate={navigate} />
      {status === 'signedIn' && <MessagingHost navigate={navigate} />}
    </Suspense>
  );
}
