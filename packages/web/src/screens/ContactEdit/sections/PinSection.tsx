import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/Lock';
import type { TPinStatus } from '../../../api/cards.ts';
import { cardQueries } from '../../../api/queries.ts';
import { errorText } from '../../../api/http.ts';
import { notify } from '../../../platform/events.ts';
import EditorSection from '../../../components/editor/EditorSection.tsx';
import Field from '../../../components/editor/Field.tsx';

/**
 * The PIN setting: phones and e-mails hidden behind a 4–8 digit PIN. Changing
 * it moves the card's version, so the editor makes the write (`writePin`).
 */
export default function PinSection({
  contactId,
  writePin,
}: {
  contactId: string;
  writePin: (pinCode: string | null) => Promise<TPinStatus>;
}) {
  const queryClient = useQueryClient();
  // A failed read leaves the state line out (the setting still works).
  const status = useQuery(cardQueries.pin(contactId)).data ?? null;
  const [pin, setPinValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const pinWrite = useMutation({
    mutationFn: writePin,
    onSuccess: (answer, value) => {
      queryClient.setQueryData(cardQueries.pin(contactId).queryKey, answer);
      setPinValue('');
      notify(value === null ? 'PIN removed: your phones and e-mails are visible.' : 'PIN saved: your phones and e-mails now need it.');
    },
    onError: (e) => setError(errorText(e)),
  });
  const busy = pinWrite.isPending;

  const apply = (value: string | null) => {
    if (value !== null && !/^\d{4,8}$/.test(value)) {
      setError('The PIN must be 4 to 8 digits.');
      return;
    }
    setError(null);
    pinWrite.mutate(value);
  };

  const failed = status?.failedAttempts24h ?? 0;
  return (
    <EditorSection id="pin" icon={<LockIcon />} title="PIN protection" hint="Hide your phones and e-mails until a visitor enters your PIN.">
      {status && (
        <Typography data-testid="pin-state" sx={{ fontWeight: 600 }} color={status.enabled ? 'success.main' : 'text.secondary'}>
          {status.enabled ? 'PIN protection is on.' : 'PIN protection is off.'}
        </Typography>
      )}
      {failed > 0 && (
        <Alert severity="warning" data-testid="pin-failures">
          Your PIN was guessed wrong {failed} {failed === 1 ? 'time' : 'times'} in the last day.
          {status?.lockedUntil && new Date(status.lockedUntil) > new Date()
            ? ` Locked until ${new Date(status.lockedUntil).toLocaleTimeString()}.`
            : ''}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1.25, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Field
          label={status?.enabled ? 'New PIN' : 'PIN'}
          value={pin}
          onChange={(v) => setPinValue(v.replace(/\D/g, '').slice(0, 8))}
          error={error ?? undefined}
          helperText="4 to 8 digits; avoid 1234 and other common PINs."
          type="password"
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'new-password', 'data-testid': 'pin-input' } }}
          sx={{ flex: '1 1 200px', maxWidth: 280 }}
        />
        <Button variant="contained" onClick={() => apply(pin)} disabled={busy || !pin}>
          {status?.enabled ? 'Change PIN' : 'Turn on'}
        </Button>
        {status?.enabled && (
          <Button color="inherit" onClick={() => apply(null)} disabled={busy}>
            Remove PIN
          </Button>
        )}
      </Box>
    </EditorSection>
  );
}
