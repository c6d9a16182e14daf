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
import { Trans, useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { DEFAULT_LOCALE } from '@vbc/shared/i18n/locales';
import { OTP_CODE_LENGTH, ZAccountEmail, ZAccountPhoneNumber, ZOtpCodeEntry } from '@vbc/shared/account';
import { confirmContactChange, requestContactChange, type TChannel } from '../../api/accounts.ts';
import { HttpError } from '../../api/http.ts';
import { errorText, withoutField } from '../../api/error-text.ts';
import AppDialog from '../../dialogs/AppDialog.tsx';
import OtpCodeField from '../../dialogs/auth/OtpCodeField.tsx';
import { codeProblem } from '../../dialogs/auth/problems.ts';
import { activeLocale } from '../../i18n/i18n.ts';
import { useProblemText } from '../../i18n/problem-text.ts';
import { RESEND_WAIT_SECONDS } from '../../dialogs/auth/use-auth-form.ts';
import { useCountdown } from '../../dialogs/auth/use-countdown.ts';
import { notify } from '../../platform/events.ts';

/** The new contact's field, by the shared docs/contracts.md §5 rules. */
const ENTRY = {
  email: z.object({ contact: ZAccountEmail }),
  phone: z.object({ contact: ZAccountPhoneNumber }),
} as const;

const FIELD = {
  email: { autoComplete: 'email', type: 'email' },
  phone: { autoComplete: 'tel', type: 'tel' },
} as const;

/**
 * A refusal of the contact (taken, the same, malformed, limits) as the field shows it: the server's
 * two 409 sentences by their catalogue entries (the same words in English), anything else by errorText.
 */
function contactProblem(t: TFunction<'settings'>, channel: TChannel, error: unknown): string {
  const said = error instanceof HttpError && error.status === 409 ? withoutField(error.message) : '';
  const email = channel === 'email';
  if (said.startsWith('This is already your ')) return email ? t('contact.alreadyYoursEmail') : t('contact.alreadyYoursPhone');
  if (said.endsWith(' is already used by another account.')) return email ? t('contact.takenEmail') : t('contact.takenPhone');
  return withoutField(errorText(error));
}

/**
 * What a failed code check says under the code field: problems.ts `codeProblem`'s words in English
 * (the server's own), the sign-in dialog's catalogue sentences by status in any other language.
 */
function codeText(t: TFunction<'settings'>, locale: string, error: unknown): string {
  if (locale === DEFAULT_LOCALE) return codeProblem(error).message;
  if (error instanceof HttpError) {
    if (error.status === 410) return t('auth:code.expired');
    if (error.status === 400) return t('auth:code.wrong');
    if (error.status === 0 || error.status === 429) return errorText(error);
  }
  return t('auth:code.unchecked');
}

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
  const { t, i18n } = useTranslation(['settings', 'auth']);
  const problemText = useProblemText();
  const input = FIELD[channel];
  const length = OTP_CODE_LENGTH;
  /** The dialog's sentences for this kind of contact, adding or changing it (one whole sentence a key). */
  const words =
    channel === 'email'
      ? {
          title: adding ? t('contact.addEmail') : t('contact.changeEmail'),
          intro: adding ? t('contact.introAddEmail', { length }) : t('contact.introChangeEmail', { length }),
          label: t('contact.newEmail'),
          another: t('contact.anotherEmail'),
          done: adding ? t('contact.emailAdded') : t('contact.emailChanged'),
        }
      : {
          title: adding ? t('contact.addPhone') : t('contact.changePhone'),
          intro: adding ? t('contact.introAddPhone', { length }) : t('contact.introChangePhone', { length }),
          label: t('contact.newPhone'),
          another: t('contact.anotherPhone'),
          done: adding ? t('contact.phoneAdded') : t('contact.phoneChanged'),
        };
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
    onError: (error) => {
      const message = contactProblem(t, channel, error);
      if (sent) notify(message, 'warning');
      else contactForm.setError('contact', { type: 'server', message });
    },
  });
  const confirm = useMutation({
    mutationFn: (otp: string) => confirmContactChange(channel, sent!.contact, otp),
    onSuccess: async () => {
      await onChanged();
      notify(words.done);
      onClose();
    },
    onError: (error) => {
      const message =
        error instanceof HttpError && error.status === 409 ? contactProblem(t, channel, error) : codeText(t, activeLocale(i18n), error);
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
    <AppDialog open onClose={() => !busy && onClose()} title={words.title} testId="change-contact-dialog">
      <DialogContent sx={{ pt: 0 }}>
        {!sent ? (
          <Box component="form" noValidate onSubmit={(e) => void submitContact(e)} sx={{ display: 'grid', gap: 2 }}>
            <Typography variant="body2" color="text.secondary">
              {words.intro}
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
                  helperText={problemText(fieldState.error?.message) ?? ' '}
                  type={input.type}
                  autoComplete={input.autoComplete}
                  autoFocus
                  fullWidth
                  slotProps={{ htmlInput: { maxLength: 254, 'data-testid': 'change-contact-input' } }}
                />
              )}
            />
            <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end' }}>
              <Button color="inherit" onClick={onClose} disabled={busy}>
                {t('common:actions.cancel')}
              </Button>
              <Button
                type="submit"
                variant="contained"
                disabled={busy}
                startIcon={send.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
              >
                {t('auth:submit.contact')}
              </Button>
            </Box>
          </Box>
        ) : (
          <Box component="form" noValidate onSubmit={(e) => void submitCode(e)} sx={{ display: 'grid', gap: 2 }}>
            <Typography variant="body2" color="text.secondary">
              <Trans
                t={t}
                i18nKey="contact.sent"
                values={{ length, destination: sent.destination }}
                components={{ b: <b />, ltr: <bdi dir="ltr" /> }}
              />
            </Typography>
            <OtpCodeField ref={otpRef} form={codeForm} onComplete={() => void submitCode()} />
            <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: -1.5 }}>
              <Button size="small" onClick={() => setSent(null)} disabled={busy}>
                {words.another}
              </Button>
              <Button size="small" onClick={() => send.mutate(sent.contact)} disabled={busy || resendIn > 0}>
                {resendIn > 0 ? t('auth:code.resendIn', { seconds: resendIn }) : t('auth:code.resend')}
              </Button>
            </Box>
            <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end' }}>
              <Button color="inherit" onClick={onClose} disabled={busy}>
                {t('common:actions.cancel')}
              </Button>
              <Button
                type="submit"
                variant="contained"
                disabled={busy || code.length !== OTP_CODE_LENGTH}
                startIcon={confirm.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
              >
                {t('contact.confirm')}
              </Button>
            </Box>
          </Box>
        )}
      </DialogContent>
    </AppDialog>
  );
}
