import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { OTP_CODE_LENGTH, ZOtpCodeEntry } from '@vbc/shared/account';
import { errorText } from '../../api/error-text.ts';
import AppDialog from '../../dialogs/AppDialog.tsx';
import OtpCodeField from '../../dialogs/auth/OtpCodeField.tsx';
import { useCountdown } from '../../dialogs/auth/use-countdown.ts';
import { RESEND_WAIT_SECONDS } from '../../dialogs/auth/use-auth-form.ts';
import { notify } from '../../platform/events.ts';
import { requestUnregisterOtp, unregisterAppAccount, verifyUnregisterOtp } from '../../api/accounts.ts';

/**
 * The code step of account deletion: the code sent by RequestUnRegisterOtp is
 * checked (VerifyUnregisterOtp, false → "wrong code"), then the account is
 * deleted. `onDeleted` runs after the server confirmed the deletion.
 */
export default function DeleteAccountDialog({
  destination,
  onClose,
  onDeleted,
}: {
  /** Where the code went, masked (a**@example.com). */
  destination: string;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation(['settings', 'auth']);
  // The code's message shows on a try and goes as soon as the code is typed again.
  const form = useForm({
    resolver: zodResolver(ZOtpCodeEntry),
    defaultValues: { otp: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const code = useWatch({ control: form.control, name: 'otp' });
  const [failure, setFailure] = useState<string | null>(null);
  /** The code was accepted: a retry after a failed deletion skips the check (a code verifies once). */
  const [verified, setVerified] = useState(false);
  const [resendIn, restartResend] = useCountdown();
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => restartResend(RESEND_WAIT_SECONDS), [restartResend]);

  const deletion = useMutation({
    /** Checks the code (unless already accepted), then deletes; a wrong code is an answer, not a failure. */
    mutationFn: async (typed: string) => {
      if (!verified) {
        const ok = await verifyUnregisterOtp(typed).catch(() => false);
        if (ok !== true) return 'wrongCode' as const;
        setVerified(true);
      }
      await unregisterAppAccount();
      return 'deleted' as const;
    },
    onSuccess: (outcome) => {
      if (outcome === 'deleted') return onDeleted();
      form.setValue('otp', '');
      form.setError('otp', { type: 'server', message: t('deletion.wrongCode') });
      input.current?.focus();
    },
    onError: (error) => setFailure(t('deletion.failed', { reason: errorText(error) })),
  });
  const busy = deletion.isPending;

  const remove = (typed: string) => {
    setFailure(null);
    deletion.mutate(typed);
  };
  const checkAndRemove = form.handleSubmit(({ otp }) => remove(otp));
  /** Deletes with the code typed (checked first), or at once once it was accepted. */
  const confirm = () => {
    if (busy) return;
    if (verified) remove(form.getValues('otp'));
    else void checkAndRemove();
  };

  const resending = useMutation({
    mutationFn: requestUnregisterOtp,
    onSuccess: () => {
      restartResend(RESEND_WAIT_SECONDS);
      form.reset();
      notify(t('auth:toasts.newCode'), 'info');
      input.current?.focus();
    },
    onError: (error) => notify(errorText(error), 'warning'),
  });

  return (
    <AppDialog open onClose={() => !busy && onClose()} title={t('deletion.title')} testId="delete-account-dialog">
      <DialogContent sx={{ pt: 0 }}>
        <Box
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            confirm();
          }}
          sx={{ display: 'grid', gap: 2 }}
        >
          <Typography variant="body2" color="text.secondary">
            {verified ? (
              t('deletion.accepted')
            ) : (
              <Trans
                t={t}
                i18nKey="deletion.codeSent"
                values={{ length: OTP_CODE_LENGTH, destination }}
                components={{ b: <b />, ltr: <bdi dir="ltr" /> }}
              />
            )}
          </Typography>
          {!verified && <OtpCodeField ref={input} form={form} onComplete={confirm} />}
          {!verified && (
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: -1.5 }}>
              <Button size="small" onClick={() => resending.mutate()} disabled={busy || resendIn > 0}>
                {resendIn > 0 ? t('auth:code.resendIn', { seconds: resendIn }) : t('auth:code.resend')}
              </Button>
            </Box>
          )}
          {failure && <Alert severity="error">{failure}</Alert>}
          <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end' }}>
            <Button color="inherit" onClick={onClose} disabled={busy}>
              {t('common:actions.cancel')}
            </Button>
            <Button
              type="submit"
              variant="contained"
              color="error"
              disabled={busy || (!verified && code.length !== OTP_CODE_LENGTH)}
              startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
              data-testid="confirm-delete"
            >
              {t('deletion.confirm')}
            </Button>
          </Box>
        </Box>
      </DialogContent>
    </AppDialog>
  );
}
