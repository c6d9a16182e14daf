import { useRef, useState } from 'react';
import { z } from 'zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogContent from '@mui/material/DialogContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { OTP_CODE_LENGTH, ZAccountEmail, ZAccountPhoneNumber, ZOtpCodeEntry } from '@vbc/shared/account';
import { confirmContactChange, requestContactChange, type TChannel } from '../../api/accounts.ts';
import { HttpError } from '../../api/http.ts';
import { errorText, withoutField } from '../../api/error-text.ts';
import AppDialog from '../../dialogs/AppDialog.tsx';
import OtpCodeField from '../../dialogs/auth/OtpCodeField.tsx';
import { codeProblem } from '../../dialogs/auth/problems.ts';

import { RESEND_WAIT_SECONDS } from '../../dialogs/auth/use-auth-form.ts';
import { useCountdown } from '../../dialogs/auth/use-countdown.ts';
import { notify } from '../../platform/events.ts';

/** The new contact's field, by the shared docs/contracts.md §5 rules. */
const ENTRY = {
  email: z.object({ contact: ZAccountEmail }),
  phone: z.object({ contact: ZAccountPhoneNumber }),
} as const;

const WORDS = {
  email: { what: 'e-mail address', label: 'New e-mail address', add: 'Add an e-mail address', autoComplete: 'email', type: 'email' },
  phone: { what: 'phone number', label: 'New phone number', add: 'Add a phone number', autoComplete: 'tel', type: 'tel' },
} as const;

/** A refusal of the contact (taken, the same, malformed, limits) as the field shows it. */
const contactProblem = (error: unknown) => (error instanceof HttpError ? withoutField(error.message) : errorText(error));

/**
 * Settings (issue 30): adds or changes the account's e-mail address or phone number. A code goes
 * to the NEW contact; only with it does the new contact replace the old one (the server then
 * tells the old one). `onChanged` runs once the server answered with the changed account.
 */
export default function ChangeContactDialog({
  channel,
  adding,
  onClose,
  onChanged,
}: {
  channel: TChannel;
  /** The account has no contact of this kind yet. */
  adding: boolean;
  onClose: () => void;
  onChanged: () => Promise<void>;
}) {
  const words = WORDS[channel];
  const [sent, setSent] = useState<{ contact: string; destination: string } | null>(null);
  const [resendIn, restartResend] = useCountdown();
  const otpRef = useRef<HTMLInputElement>(null);

  const contactForm = useForm({
    resolver: zodResolver(ENTRY[channel]),
    defaultValues: { contact: channel === 'phone' ? '09' : '' },
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });
  const codeForm = useForm({ resolver: zodResolver(ZOtpCodeEntry), defaultValues: { otp: '' }, mode: 'onSubmit' });
  const code = useWatch({ control: codeForm.control, name: 'otp' });

  const send = useMutation({
    mutationFn: async (contact: string) => ({ contact, ...(await requestContactChange(channel, contact)) }),
    onSuccess: ({ contact, destination }) => {
      setSent({ contact, destination });
      codeForm.reset();
      restartResend(RESEND_WAIT_SECONDS);
    },
    onError: (error) =>
      sent ? notify(contactProblem(error), 'warning') : contactForm.setError('contact', { type: 'server', message: contactProblem(error) }),
  });
  const confirm = useMutation({
    mutationFn: (otp: string) => confirmContactChange(channel, sent!.contact, otp),
    onSuccess: async () => {
      await onChanged();
      notify(`Your ${words.what} is ${adding ? 'added' : 'changed'}.`);
      onClose();
    },
    onError: (error) => {
      const message = error instanceof HttpError && error.status === 409 ? withoutField(error.message) : codeProblem(error).message;
      codeForm.setValue('otp', '');
      codeForm.setError('otp', { type: 'server', message });
      otpRef.current?.focus();
    },
  });
  const busy = send.isPending || confirm.isPending;
  const submitContact = contactForm.handleSubmit(({ contact }) => send.mutate(contact));
  const submitCode = codeForm.handleSubmit(({ otp }) => {
    if (!confirm.isPending) confirm.mutate(otp);
  });

  return (
    <AppDialog
      open
      onClose={() => !busy && onClose()}
      title={adding ? words.add : `Change your ${words.what}`}
      testId="change-contact-dialog"
    >
      <DialogContent sx={{ pt: 0 }}>
        {!sent ? (
          <Box component="form" noValidate onSubmit={(e) => void submitContact(e)} sx={{ display: 'grid', gap: 2 }}>
            <Typography variant="body2" color="text.secondary">
              We will send a {OTP_CODE_LENGTH}-digit code to the new {words.what}. It replaces {adding ? 'nothing' : 'the old one'} only
              once you enter that code.
            </Typography>
            <Controller
              name="contact"
              control={contactForm.control}
              render={({ field, fieldState }) => (
                <TextField
                  label={words.label}
                  name={field.name}
                  value={field.value}
                  inputRef={field.ref}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={!!fieldState.error}
                  helperText={fieldState.error?.message ?? ' '}
                  type={words.type}
                  autoComplete={words.autoComplete}
                  autoFocus
                  fullWidth
                  slotProps={{ htmlInput: { maxLength: 254, 'data-testid': 'change-contact-input' } }}
                />
              )}
            />
            <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end' }}>
              <Button color="inherit" onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              <Button
                type="submit"
                variant="contained"
                disabled={busy}
                startIcon={send.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
              >
                Send code
              </Button>
            </Box>
          </Box>
        ) : (
          <Box component="form" noValidate onSubmit={(e) => void submitCode(e)} sx={{ display: 'grid', gap: 2 }}>
            <Typography variant="body2" color="text.secondary">
              We sent a {OTP_CODE_LENGTH}-digit code to <b>{sent.destination}</b>. Enter it to confirm.
            </Typography>
            <OtpCodeField ref={otpRef} form={codeForm} onComplete={() => void submitCode()} />
            <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: -1.5 }}>
              <Button size="small" onClick={() => setSent(null)} disabled={busy}>
                Use another {words.what}
              </Button>
              <Button size="small" onClick={() => send.mutate(sent.contact)} disabled={busy || resendIn > 0}>
                {resendIn > 0 ? `Resend code (${resendIn}s)` : 'Resend code'}
              </Button>
            </Box>
            <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end' }}>
              <Button color="inherit" onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              <Button
                type="submit"
                variant="contained"
                disabled={busy || code.length !== OTP_CODE_LENGTH}
                startIcon={confirm.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
              >
                Confirm
              </Button>
            </Box>
          </Box>
        )}
      </DialogContent>
    </AppDialog>
  );
}
