import { useState } from 'react';
import Snackbar from '@mui/material/Snackbar';
import SnackbarContent from '@mui/material/SnackbarContent';
import { TOAST_MS } from '@vbc/shared/constants';
import type { TClientEvents, TNoticeSeverity } from '../platform/events.ts';

/** A notice in the queue: the event's message and severity, and a key of its own. */
export type TNotice = TClientEvents['notification'] & { key: number };

const COLORS: Record<TNoticeSeverity, string> = {
  success: 'success.dark',
  warning: 'warning.main',
  error: 'error.dark',
  info: 'info.main',
};

/** docs/contracts.md §2 snackbar: a notice shown 3000 ms, green for success, warning colour for warnings; one at a time. */
export default function NoticeSnackbar({ queue, onDone }: { queue: readonly TNotice[]; onDone: () => void }) {
  const [closedKey, setClosedKey] = useState<number | null>(null);
  const current = queue[0];
  const severity = current?.severity ?? 'success';
  return (
    <Snackbar
      key={current?.key}
      open={!!current && closedKey !== current.key}
      autoHideDuration={TOAST_MS}
      onClose={(_, reason) => reason !== 'clickaway' && current && setClosedKey(current.key)}
      slotProps={{ transition: { onExited: onDone } }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      sx={{ bottom: { xs: 88 } }}
    >
      <SnackbarContent
        role={severity === 'warning' || severity === 'error' ? 'alert' : 'status'}
        data-testid="notice"
        data-severity={severity}
        message={current?.message}
        sx={{
          bgcolor: COLORS[severity],
          color: severity === 'warning' || severity === 'info' ? '#1b1300' : '#fff',
          fontWeight: 600,
          borderRadius: 2,
        }}
      />
    </Snackbar>
  );
}
