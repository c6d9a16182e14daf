import { useEffect, useState, useSyncExternalStore } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import { useTranslation } from 'react-i18next';
import { FAILED_TO_INJECT, getRealtimeStatus, reconnectRealtime, subscribeRealtimeStatus } from '../../../realtime/connection.ts';

/** docs/contracts.md §8: the only real-time texts shown to people; other library errors stay in the tooltip. */
const SERVER_TIMEOUT = 'Server timeout elapsed without receiving a message from the server.';

/** Which of those texts says why the connection is down, if one does. */
const shownReason = (error: string | null): 'inject' | 'timeout' | null =>
  error === FAILED_TO_INJECT ? 'inject' : error?.includes(SERVER_TIMEOUT) ? 'timeout' : null;

/** A connecting state shorter than this is not worth a flash of banner. */
const QUIET_MS = 1200;

/**
 * docs/contracts.md §4 connection state, shown only when it is not Connected: 'Connecting…' /
 * 'Reconnecting…' with a spinner, or 'Disconnected' (with 'Failed to inject SignalR' or the server
 * timeout text of docs/contracts.md §8 when that is why) and a Reconnect action
 * once the automatic retries (0/2/10/30 s) are spent.
 */
export default function ConnectionBanner() {
  const status = useSyncExternalStore(subscribeRealtimeStatus, getRealtimeStatus);
  const { t } = useTranslation('messages');
  const [patient, setPatient] = useState(false);
  const down = status.state !== 'Connected';
  useEffect(() => {
    if (!down) {
      setPatient(false);
      return;
    }
    const timer = window.setTimeout(() => setPatient(true), QUIET_MS);
    return () => window.clearTimeout(timer);
  }, [down]);
  if (!down || (!patient && !status.gaveUp)) return null;
  // Disconnected without giving up: the client is still loading or about to start.
  const gaveUp = status.gaveUp;
  const reason = shownReason(status.error);
  return (
    <Box
      role="status"
      data-testid="connection-banner"
      data-state={status.state}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 2,
        py: 0.75,
        fontSize: 13,
        bgcolor: gaveUp ? 'rgba(244,81,108,0.14)' : 'rgba(245,166,35,0.12)',
        borderBottom: '1px solid',
        borderColor: 'divider',
      }}
    >
      {gaveUp ? <CloudOffIcon fontSize="small" color="error" /> : <CircularProgress size={14} color="warning" aria-hidden />}
      <Typography variant="body2" sx={{ flex: 1, minWidth: 0 }} title={status.error ?? undefined}>
        {gaveUp
          ? t('connection.disconnected', {
              reason:
                reason === 'inject'
                  ? t('connection.failedToInject')
                  : reason === 'timeout'
                    ? t('connection.serverTimeout')
                    : t('connection.later'),
            })
          : status.state === 'Reconnecting'
            ? t('connection.reconnecting')
            : t('connection.connecting')}
      </Typography>
      {gaveUp && (
        <Button size="small" variant="outlined" onClick={reconnectRealtime}>
          {t('connection.reconnect')}
        </Button>
      )}
    </Box>
  );
}
