import { useValidationText } from '../../../components/editor/validation-text.ts';
import { useFormat } from '../../../i18n/format.ts';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/Lock';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ZPinCode } from '@vbc/shared/contact';
import type { TPinStatus } from '../../../api/cards.ts';
import { cardQueries } from '../../../api/queries.ts';
import { errorText } from '../../../api/error-text.ts';
import { notify } from '../../../platform/events.ts';
import EditorSection from '../../../components/editor/EditorSection.tsx';
import Field from '../../../components/editor/Field.tsx';

/** The PIN setting's one field, as the shared PIN rule checks it. */
const ZPinForm = z.object({ pinCode: ZPinCode });

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
  const { t } = useTranslation('editor');
  const format = useFormat();
  const validation = useValidationText();
  // A failed read leaves the state line out (the setting still works).
  const status = useQuery(cardQueries.pin(contactId)).data ?? null;
  // The rule's message shows on a try and stays until the next one.
  const form = useForm({
    resolver: zodResolver(ZPinForm),
    defaultValues: { pinCode: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const pin = useWatch({ control: form.control, name: 'pinCode' });
  const pinWrite = useMutation({
    mutationFn: writePin,
    onSuccess: (answer, value) => {
      queryClient.setQueryData(cardQueries.pin(contactId).queryKey, answer);
      form.reset();
      notify(value === null ? t('pin.removed') : t('pin.saved'));
    },
    onError: (e) => form.setError('pinCode', { type: 'server', message: errorText(e) }),
  });
  const busy = pinWrite.isPending;

  const turnOn = form.handleSubmit(({ pinCode }) => pinWrite.mutate(pinCode));
  const remove = () => {
    form.clearErrors();
    pinWrite.mutate(null);
  };

  const failed = status?.failedAttempts24h ?? 0;
  return (
    <EditorSection id="pin" icon={<LockIcon />} title={t('pin.title')} hint={t('pin.hint')}>
      {status && (
        <Typography data-testid="pin-state" sx={{ fontWeight: 600 }} color={status.enabled ? 'success.main' : 'text.secondary'}>
          {status.enabled ? t('pin.on') : t('pin.off')}
        </Typography>
      )}
      {failed > 0 && (
        <Alert severity="warning" data-testid="pin-failures">
          {status?.lockedUntil && new Date(status.lockedUntil) > new Date()
            ? t('pin.failuresLocked', { count: failed, time: format.time(status.lockedUntil, { timeStyle: 'medium' }) })
            : t('pin.failures', { count: failed })}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1.25, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Controller
          name="pinCode"
          control={form.control}
          render={({ field, fieldState }) => (
            <Field
              label={status?.enabled ? t('pin.newPin') : t('pin.pin')}
              inputRef={field.ref}
              value={field.value}
              onChange={(v) => field.onChange(v.replace(/\D/g, '').slice(0, 8))}
              error={validation(fieldState.error?.message)}
              helperText={t('pin.help')}
              type="password"
              slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'new-password', 'data-testid': 'pin-input' } }}
              sx={{ flex: '1 1 200px', maxWidth: 280 }}
            />
          )}
        />
        <Button variant="contained" onClick={() => void turnOn()} disabled={busy || !pin}>
          {status?.enabled ? t('pin.change') : t('pin.turnOn')}
        </Button>
        {status?.enabled && (
          <Button color="inherit" onClick={remove} disabled={busy}>
            {t('pin.remove')}
          </Button>
        )}
      </Box>
    </EditorSection>
  );
}
