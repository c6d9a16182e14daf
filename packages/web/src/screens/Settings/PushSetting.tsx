import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { turnPushOn } from '../../push/PushHost.tsx';
import { disableNativePush, disableWebPush } from '../../push/push-client.ts';
import { notePushState, refreshPushState, usePushState, type TPushState } from '../../push/push-state.ts';

/** What Settings says about push on this device. */
export function pushStateText(s: TPushState): string {
  if (s.channel === 'none') return 'Not available in this browser';
  if (s.subscribed) return 'On: you are notified of new messages and announcements';
  if (s.permission === 'denied')
    return s.channel === 'native'
      ? 'Off: allow notifications for V.B.C. in iOS Settings'
      : 'Blocked: allow notifications for this site in the browser settings';
  return 'Off';
}

/** Settings row: this device's push state (docs/contracts.md §4) with a switch. */
export default function PushSetting() {
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
          Push notifications
        </Typography>
        <Typography data-testid="push-state">
          {state.subscribed === null && state.channel !== 'none' ? 'Checking…' : pushStateText(state)}
        </Typography>
      </Box>
      <Switch
        checked={state.subscribed === true}
        disabled={busy || state.channel === 'none' || state.subscribed === null || (state.permission === 'denied' && !state.subscribed)}
        onChange={(_, on) => toggle.mutate(on)}
        slotProps={{ input: { 'aria-label': 'Push notifications' } }}
      />
    </Box>
  );
}
