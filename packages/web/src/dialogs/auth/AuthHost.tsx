import { Suspense, useEffect, useState } from 'react';
import { useClientEvent, type TClientEvents } from '../../platform/events.ts';
import { useSession } from '../../session/SessionContext.tsx';
import { lazyWithQueries } from '../../query-root/lazy-with-queries.tsx';

/**
 * The window's code loads on the first "show login", or when the browser is idle: a public card never waits for it.
 * It loads with the query layer (its writes are mutations).
 */
const AuthDialog = lazyWithQueries(() => import('./AuthDialog.tsx'));

/** How long after the page settles a signed-out visitor's browser fetches the window's code. */
const PREFETCH_AFTER_MS = 4000;

/**
 * Answers the `showLogin` client event with the authentication window
 * (docs/contracts.md §2). Once loaded the window stays mounted, so a code already sent
 * survives closing and reopening it.
 */
export default function AuthHost() {
  const { status } = useSession();
  const [request, setRequest] = useState<TClientEvents['showLogin'] | null>(null);
  const [open, setOpen] = useState(false);
  useClientEvent('showLogin', (next) => {
    setRequest(next);
    setOpen(true);
  });

  // Signed out, the window is the likely next step: fetch it once the page is idle (not on a data saver).
  useEffect(() => {
    if (status !== 'signedOut') return;
    const saveData = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData;
    if (saveData) return;
    const timer = window.setTimeout(() => {
      const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 0));
      idle(() => void AuthDialog.preload().catch(() => undefined));
    }, PREFETCH_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [status]);

  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialog open={open} reason={request.reason} onSignedIn={request.onSignedIn} onClose={() => setOpen(false)} />
    </Suspense>
  );
}
