import { useEffect, useRef, useSyncExternalStore } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';
import TopBanner from '../platform/TopBanner.tsx';
import { onNativeMessage, startNativeBridge } from '../native/bridge.ts';
import { useSession } from '../session/SessionContext.tsx';
import { applyUpdate, postToServiceWorker, useUpdateAvailable, watchServiceWorker } from './updates.ts';

const subscribeOnline = (l: () => void) => {
  window.addEventListener('online', l);
  window.addEventListener('offline', l);
  return () => {
    window.removeEventListener('online', l);
    window.removeEventListener('offline', l);
  };
};

/** An address inside /vbc/ (a notification's url) → the router's path: `/vbc/#/messages/x` → `/messages/x`. */
export function appPath(href: string): string | null {
  const u = new URL(href, window.location.origin);
  if (u.origin !== window.location.origin || !u.pathname.startsWith('/vbc')) return null;
  if (u.hash.startsWith('#/')) return u.hash.slice(1);
  return (u.pathname.replace(/^\/vbc/, '') || '/') + u.search;
}

/**
 * The installed app's page side, mounted once beside the router: the offline banner, "A new
 * version is available" with Reload, navigation asked by a notification click (service worker
 * `navigate` message, or the iOS wrapper's `openUrl`), and what the service worker saves for
 * offline use — the whole app and the person's own cards and pets once signed in, nothing
 * private after sign-out.
 */
export default function PwaHost({ navigate }: { navigate: (to: string) => void }) {
  const { t } = useTranslation('app');
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine);
  const update = useUpdateAvailable();
  const { status, account } = useSession();
  const wasSignedIn = useRef(false);

  useEffect(() => {
    const go = (href: unknown) => {
      const path = typeof href === 'string' ? appPath(href) : null;
      if (path) navigate(path);
    };
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: string; url?: unknown } | null;
      if (data?.type === 'navigate') go(data.url);
    };
    watchServiceWorker();
    navigator.serviceWorker?.addEventListener('message', onMessage);
    startNativeBridge();
    const offNative = onNativeMessage('openUrl', (p) => go(p.url));
    return () => {
      navigator.serviceWorker?.removeEventListener('message', onMessage);
      offNative();
    };
  }, [navigate]);

  useEffect(() => {
    if (status === 'signedIn' && account) {
      wasSignedIn.current = true;
      postToServiceWorker({ type: 'cacheApp' });
      const urls = [
        ...account.virtualContacts.flatMap((c) => [
          `/api/vbc/virtualcontact/${c.quickId}`,
          `/api/vbc/virtualcontact/${c.virtualContactId}`,
          `/vbc/${c.quickId}`,
        ]),
        ...account.virtualPets.flatMap((p) => [`/api/vp/virtualpet/${p.virtualPetId}`, `/vbc/p/${p.virtualPetId}`]),
      ];
      postToServiceWorker({ type: 'warm', urls });
    } else if (status === 'signedOut' && wasSignedIn.current) {
      wasSignedIn.current = false;
      postToServiceWorker({ type: 'clearPrivate' });
    }
  }, [status, account]);

  return (
    <>
      {!online && (
        <TopBanner>
          <Alert severity="warning" data-testid="offline-banner" sx={{ borderRadius: 0 }}>
            {t('pwa.offline')}
          </Alert>
        </TopBanner>
      )}
      <Snackbar
        open={update}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        message={t('pwa.update')}
        action={
          <Button color="secondary" size="small" onClick={applyUpdate}>
            {t('pwa.reload')}
          </Button>
        }
      />
    </>
  );
}
