import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import NotificationsIcon from '@mui/icons-material/NotificationsActive';
import { useTranslation } from 'react-i18next';
import TopBanner from '../platform/TopBanner.tsx';
import { isNativeApp, onNativeMessage, postToNative } from '../native/bridge.ts';
import { emitClientEvent } from '../platform/events.ts';
import { enableWebPush, isStandalone, markPushAsked, pushAskedBefore, registerApnDeviceToken } from './push-client.ts';
import { notePushState, refreshPushState } from './push-state.ts';

/** Turns push on for this device: the iOS wrapper asks iOS (answered with apnToken), a browser subscribes. */
export async function turnPushOn(): Promise<void> {
  if (isNativeApp()) {
    postToNative('requestPush', {});
    return;
  }
  try {
    const on = await enableWebPush();
    notePushState({ subscribed: on, permission: Notification.permission });
  } catch (error) {
    console.warn('push registration failed', error); // docs/contracts.md §8: only logged
    notePushState({ permission: Notification.permission });
  }
}

/** Page loads that already showed the standalone question (StrictMode mounts effects twice). */
let promptedThisLoad = false;

/**
 * Push while signed in (docs/contracts.md §4 "Push"): checks this device's subscription at session start;
 * after a grant subscribes when the server has none; in an installed standalone app with no
 * subscription and no earlier ask, asks 'Push Notifications' once (local flag); while `asking`
 * (an incoming message found permission undecided: push-offer.ts, decided by the always-mounted
 * MessagingHost so that a message arriving before this loads still counts) shows the persistent
 * question as a top banner. In the iOS wrapper the native APNs token is registered instead.
 */
export default function PushHost({ asking, onAnswered }: { asking: boolean; onAnswered: () => void }) {
  const { t, i18n } = useTranslation('app');
  useEffect(() => {
    let live = true;
    const offToken = onNativeMessage('apnToken', ({ token }) => {
      registerApnDeviceToken(token)
        .then(() => notePushState({ subscribed: true, permission: 'granted' }))
        .catch((error: unknown) => console.warn('push registration failed', error));
    });
    const offDenied = onNativeMessage('pushDenied', () => notePushState({ permission: 'denied' }));
    void refreshPushState().then((state) => {
      if (!live || state.subscribed === null) return;
      const native = state.channel === 'native';
      if (!native && state.channel !== 'web') return;
      if (!native && state.permission === 'granted' && !state.subscribed) return void turnPushOn();
      const installed = native || isStandalone();
      if (installed && !state.subscribed && (native || state.permission === 'default') && !pushAskedBefore() && !promptedThisLoad) {
        promptedThisLoad = true;
        markPushAsked();
        // docs/contracts.md §4 texts (English exactly).
        emitClientEvent('prompt', {
          title: i18n.t('app:push.title'),
          message: i18n.t('app:push.message'),
          yesText: i18n.t('app:push.accept'),
          noText: i18n.t('app:actions.cancel'),
          onYes: turnPushOn,
        });
      }
    });
    return () => {
      live = false;
      offToken();
      offDenied();
    };
  }, [i18n]);

  const answer = (yes: boolean) => {
    onAnswered();
    markPushAsked();
    if (yes) void turnPushOn();
  };

  // A bar across the top in the app's colours, taking its own space: it never covers the composer,
  // the bottom navigation or the menu button while it waits for an answer (issue 30).
  if (!asking) return null;
  return (
    <TopBanner>
      <Alert
        severity="info"
        icon={<NotificationsIcon fontSize="inherit" />}
        data-testid="push-ask"
        sx={{
          borderRadius: 0,
          alignItems: 'center',
          flexWrap: 'wrap',
          '& .MuiAlert-message': { flex: '1 1 220px' },
          '& .MuiAlert-action': { ml: 'auto', pt: 0 },
        }}
        action={
          <>
            <Button color="inherit" size="small" variant="outlined" onClick={() => answer(true)}>
              {t('push.askYes')}
            </Button>
            <Button color="inherit" size="small" onClick={() => answer(false)} sx={{ ml: 1 }}>
              {t('push.askNo')}
            </Button>
          </>
        }
      >
        {t('push.ask')}
      </Alert>
    </TopBanner>
  );
}
