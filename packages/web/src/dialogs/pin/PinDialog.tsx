import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import PasswordIcon from '@mui/icons-material/Password';
import { useMutation } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { ZValidatePinBody } from '@vbc/shared/contact';
import { PIN_INPUT_FOCUS_MS, PIN_MODAL_CLOSE_MS, SMALL_DIALOG_MAX_WIDTH } from '@vbc/shared/constants';
import { validatePinCode } from '../../api/contacts.ts';
import type { TClientEvents, TPinFailure } from '../../platform/events.ts';
import AppDialog from '../AppDialog.tsx';
import { pinFailure } from './pin-outcome.ts';
import { useTranslation } from 'react-i18next';

/**
 * docs/contracts.md §2/§4 PIN entry window (max width 400): a number input with no length
 * bound, "Enter" and "Cancel". A correct PIN hands the grant to the card at
 * once (phones and e-mails appear behind the window) and closes the window
 * after PIN_MODAL_CLOSE_MS; a wrong one shows "Wrong Pin" in the error colour
 * and refocuses the input after PIN_INPUT_FOCUS_MS; a lock-out shows the
 * server's message with its wait time. A PIN tried from the card's ?pin= opens the
 * window already showing its failure.
 */
export default function PinDialog({ request, onClose }: { request: TClientEvents['enterPin']; onClose: () => void }) {
  const { t } = useTranslation('card');
  const form = useForm({
    resolver: zodResolver(ZValidatePinBody),
    defaultValues: { pinCode: request.tried?.pin ?? '' },
    shouldFocusError: false,
  });
  const pin = String(useWatch({ control: form.control, name: 'pinCode' }));
  /** The last try's failure, shown until the next try (a PIN tried from the card's ?pin= opens with it). */
  const [failed, setFailed] = useState<TPinFailure | null>(request.tried?.failure ?? null);
  const input = useRef<HTMLInputElement>(null);
  const timers = useRef<number[]>([]);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    const pending = timers.current;
    return () => {
      mounted.current = false;
      pending.forEach((t) => window.clearTimeout(t));
    };
  }, []);

  // The card no longer wants this window (its ?pin= changed, or it was left).
  useEffect(() => {
    const signal = request.signal;
    if (!signal) return;
    if (signal.aborted) return onClose();
    signal.addEventListener('abort', onClose);
    return () => signal.removeEventListener('abort', onClose);
  }, [request.signal, onClose]);

  const later = (ms: number, fn: () => void) => {
    timers.current.push(window.setTimeout(fn, ms));
  };

  const refocus = () =>
    later(PIN_INPUT_FOCUS_MS, () => {
      input.current?.focus();
      input.current?.select();
    });

  const check = useMutation({
    mutationFn: (pinCode: string) => validatePinCode(request.virtualContactId, pinCode),
    onSuccess: (grant) => {
      if (!mounted.current) return;
      request.onGranted(grant);
      later(PIN_MODAL_CLOSE_MS, onClose);
    },
    onError: (error) => {
      if (!mounted.current) return;
      setFailed(pinFailure(error));
      refocus();
    },
  });
  const checking = check.isPending;
  const granted = check.isSuccess;

  const submit = form.handleSubmit(
    ({ pinCode }) => {
      const tried = pinCode.trim();
      if (!tried || checking || granted) return;
      check.mutate(tried);
    },
    // Longer than any PIN the server reads: wrong, as the server would answer it.
    () => {
      if (checking || granted) return;
      setFailed({ kind: 'wrong', detail: null });
      refocus();
    },
  );

  const failure = checking ? null : failed;
  const helper = failure?.kind === 'wrong' ? t('pin.wrong') : failure ? failure.message : ' ';

  return (
    <AppDialog open onClose={onClose} title={<DialogHeading />} maxWidth={SMALL_DIALOG_MAX_WIDTH} testId="pin-dialog">
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogContent>
          {granted ? (
            <Box
              role="status"
              sx={{
                display: 'grid',
                justifyItems: 'center',
                gap: 1,
                py: 2,
                color: 'success.main',
                animation: 'vbc-pin-pop .35s ease-out',
                '@keyframes vbc-pin-pop': { from: { transform: 'scale(.6)', opacity: 0 }, to: { transform: 'scale(1)', opacity: 1 } },
              }}
            >
              <CheckCircleIcon sx={{ fontSize: 56 }} aria-hidden />
              <Typography sx={{ fontWeight: 700 }}>{t('pin.granted')}</Typography>
            </Box>
          ) : (
            <>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {t('pin.hint')}
              </Typography>
              <Controller
                name="pinCode"
                control={form.control}
                render={({ field }) => (
                  <TextField
                    inputRef={input}
                    autoFocus
                    fullWidth
                    type="number"
                    label={t('pin.label')}
                    value={field.value}
                    onChange={field.onChange}
                    disabled={checking}
                    error={!!failure}
                    helperText={helper}
                    slotProps={{
                      htmlInput: { inputMode: 'numeric', autoComplete: 'off', 'data-testid': 'pin-input' },
                      formHelperText: { role: failure ? 'alert' : undefined, sx: { fontWeight: failure ? 600 : undefined } },
                    }}
                    sx={{
                      '& input': { fontSize: '1.5rem', letterSpacing: '0.35em', textAlign: 'center', fontVariantNumeric: 'tabular-nums' },
                      // No spinner arrows: a PIN is not a quantity.
                      '& input::-webkit-outer-spin-button, & input::-webkit-inner-spin-button': { WebkitAppearance: 'none', margin: 0 },
                      '& input[type=number]': { MozAppearance: 'textfield' },
                    }}
                  />
                )}
              />
              {failure?.kind === 'wrong' && failure.detail && (
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5, mx: 1.75 }}>
                  {failure.detail}
                </Typography>
              )}
              <LinearProgress sx={{ mt: 1, borderRadius: 1, visibility: checking ? 'visible' : 'hidden' }} aria-hidden={!checking} />
            </>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="inherit">
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!pin.trim() || checking || granted}>
            {t('pin.submit')}
          </Button>
        </DialogActions>
      </Box>
    </AppDialog>
  );
}

function DialogHeading() {
  const { t } = useTranslation('card');
  return (
    <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <PasswordIcon sx={{ color: 'warning.main' }} aria-hidden />
      {t('pin.enter')}
    </Box>
  );
}
