import { Suspense, useEffect, useState } from 'react';
import { useClientEvent, type TClientEvents } from '../../platform/events.ts';
import { useSession } from '../../session/SessionContext.tsx';
import { lazyWithQueries } from '../../query-root/lazy-with-queries.tsx';
import { completeSso } from '../../api/sso.ts';
import { readSsoOutcome } from './sso-outcome.ts';

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
  const { status, signIn } = useSession();
  const [request, setRequest] = useState<TClientEvents['showLogin'] | null>(null);
  const [open, setOpen] = useState(false);
  useClientEvent('showLogin', (next) => {
    setRequest(next);
    setOpen(true);
  });

  // Back from a single sign-on (issue 27): sign in with the handoff, or open the window with the reason it failed.
  useEffect(() => {
    const outcome = readSsoOutcome(window.location.hash);
    if (!outcome) return;
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    const refused = (ssoError: string) => {
      setRequest({ ssoError });
      setOpen(true);
    };
    if ('error' in outcome) refused(outcome.error);
    else completeSso(outcome.handoff).then(signIn, () => refused('handoff'));
  }, [signIn]);

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
      <AuthDialog
        open={open}
        reason={request.reason}
        ssoError={request.ssoError}
        onSignedIn={request.onSignedIn}
        onClose={() => setOpen(false)}
      />
    </Suspense>
  );
}
