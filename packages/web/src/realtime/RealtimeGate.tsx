import { lazy, Suspense, useCallback } from 'react';
import { useSession } from '../session/SessionContext.tsx';

const MessagingHost = lazy(() => import('./MessagingHost.tsx'));

/**
 * Mounts messaging (hub connection, unread badge source, Send Message window) only while
 * signed in; its code, and the SignalR client behind it, never load for a signed-out visitor.
 * It sits beside the router (not inside), so it navigates through `router`.
 */
export default function RealtimeGate({ router }: { router: { navigate: (to: string) => unknown } }) {
  const { status } = useSession();
  const navigate = useCallback((to: string) => void router.navigate(to), [router]);
  if (status !== 'signedIn') return null;
  return (
    <Suspense fallback={null}>
      <MessagingHost navigate={navigate} />
    </Suspense>
  );
}
