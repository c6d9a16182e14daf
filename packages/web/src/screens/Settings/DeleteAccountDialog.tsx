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
import { OTP_CODE_LENGTH, ZOtpCodeEntry } from '@vbc/shared/account';
import { errorText } from '../../api/error-text.ts';
import AppDialog from '../../dialogs/AppDialog.tsx';
import OtpCodeField from '../../dialogs/auth/OtpCodeField.tsx';
import { useCountdown } from '../../dialogs/auth/use-countdown.ts';
import { RESEND_WAIT_SECONDS } from '../../dialogs/auth/use-auth-form.ts';
import { notify } from '../../platform/events.ts';
import { requestUnregisterOtp, unregisterAppAccount, verifyUnregisterOtp } from '../../api/accounts.ts';

export const WRONG_CODE = 'Wrong code. Check it and try again.';

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
      form.setError('otp', { type: 'server', message: WRONG_CODE });
      input.current?.focus();
    },
    onError: (error) => setFailure(`The account could not be deleted: ${errorText(error)}`),
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
      notify('A new code is on its way.', 'info');
      input.current?.focus();
    },
    onError: (error) => notify(errorText(error), 'warning'),
  });

  return (
    <AppDialog open onClose={() => !busy && onClose()} title="Delete your account" testId="delete-account-dialog">
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
              'Your code was accepted.'
            ) : (
              <>
                We sent a {OTP_CODE_LENGTH}-digit code to <b>{destination}</b>. Enter it to delete your account for good.
              </>
            )}
          </Typography>
          {!verified && <OtpCodeField ref={input} form={form} onComplete={confirm} />}
          {!verified && (
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: -1.5 }}>
              <Button size="small" onClick={() => resending.mutate()} disabled={busy || resendIn > 0}>
                {resendIn > 0 ? `Resend code (${resendIn}s)` : 'Resend code'}
              </Button>
            </Box>
          )}
          {failure && <Alert severity="error">{failure}</Alert>}
          <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end' }}>
            <Button color="inherit" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant="contained"
              color="error"
              disabled={busy || (!verified && code.length !== OTP_CODE_LENGTH)}
              startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
              data-testid="confirm-delete"
            >
              Delete account
            </Button>
          </Box>
        </Box>
      </DialogContent>
    </AppDialog>
  );
}
