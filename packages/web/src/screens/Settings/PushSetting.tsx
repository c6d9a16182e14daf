import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { turnPushOn } from '../../push/PushHost.tsx';
import { disableNativePush, disableWebPush } from '../../push/push-client.ts';
import { notePushState, refreshPushState, usePushState, type TPushState } from '../../push/push-state.ts';

/** What Settings says about push on this device, in the language of `t` (the settings namespace). */
export function pushStateText(t: TFunction<'settings'>, s: TPushState): string {
  if (s.channel === 'none') return t('push.unavailable');
  if (s.subscribed) return t('push.on');
  if (s.permission === 'denied') return s.channel === 'native' ? t('push.offNative') : t('push.blocked');
  return t('push.off');
}

/** Settings row: this device's push state (docs/contracts.md §4) with a switch. */
export default function PushSetting() {
  const { t } = useTranslation('settings');
  const state = usePushState();
  useEffect(() => {
    void refreshPushState();
  }, []);

  const toggle = useMutation({
    mutationFn: async (on: boolean) => {
      if (on) await turnPushOn();
      else {
        await (state.channel === 'native' ? disableNativePush() : disableWebPush());
        notePushState({ subscribed: false });
      }
    },
    onError: (error) => console.warn('push registration failed', error), // docs/contracts.md §8: only logged
    onSettled: () => void refreshPushState(),
  });
  const busy = toggle.isPending;

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 1.5, minHeight: 56 }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="caption" color="text.secondary" component="div">
          {t('push.label')}
        </Typography>
        <Typography data-testid="push-state">
          {state.subscribed === null && state.channel !== 'none' ? t('push.checking') : pushStateText(t, state)}
        </Typography>
      </Box>
      <Switch
        checked={state.subscribed === true}
        disabled={busy || state.channel === 'none' || state.subscribed === null || (state.permission === 'denied' && !state.subscribed)}
        onChange={(_, on) => toggle.mutate(on)}
        slotProps={{ input: { 'aria-label': t('push.label') } }}
      />
    </Box>
  );
}
