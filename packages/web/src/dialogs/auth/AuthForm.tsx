import { useEffect, useMemo, useRef, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import MailOutlinedIcon from '@mui/icons-material/MailOutlined';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import { Controller } from 'react-hook-form';
import { OTP_CODE_LENGTH } from '@vbc/shared/account';
import OtpInput from './OtpInput.tsx';
import type { TAuthForm } from './use-auth-form.ts';
import { useSsoDiscovery } from './use-sso-discovery.ts';
import { Trans, useTranslation } from 'react-i18next';
import { useProblemText } from '../../i18n/problem-text.ts';

/** The code field's default messages (problems.ts `codeProblem`), in the active language. */
function useCodeProblemText() {
  const { t } = useTranslation('auth');
  const known = useMemo(
    () => ({
      'This code no longer works. Request a new code.': t('code.expired'),
      'The code is wrong. Check it and try again.': t('code.wrong'),
      'The code could not be checked. Try again in a moment.': t('code.unchecked'),
    }),
    [t],
  );
  return useProblemText(known);
}

/** The login / register form of the authentication window (docs/contracts.md §2, §4, §5). */
export default function AuthForm({
  form,
  reason,
  ssoError,
  onCancel,
}: {
  form: TAuthForm;
  reason?: string;
  /** Why a single sign-on that came back to this page did not sign in (issue 27). */
  ssoError?: string;
  onCancel: () => void;
}) {
  const { step, channel, busy } = form;
  const { t } = useTranslation('auth');
  const problemText = useCodeProblemText();
  const intro = form.tab === 'login' ? t('intro.login') : t('intro.register');
  const submitText = step === 'contact' ? t('submit.contact') : step === 'code' ? t('submit.code') : t('submit.name');
  const sso = useSsoDiscovery(form.email, channel === 'email' && step === 'contact');
  const contactRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const firstRender = useRef(true);

  // Focus follows the step: the contact after "Change", the code when it is sent or was wrong, the name when asked for.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const target = step === 'contact' ? contactRef : step === 'code' ? codeRef : nameRef;
    target.current?.focus();
  }, [step, form.codeError]);

  // Choosing Email or Phone puts the cursor in the field, after the "09" a phone starts with.
  const shownChannel = useRef(channel);
  useEffect(() => {
    if (shownChannel.current === channel) return;
    shownChannel.current = channel;
    const input = contactRef.current;
    if (!input) return;
    input.focus();
    // An e-mail input has no selection API (setSelectionRange throws InvalidStateError there).
    if (input.type !== 'email') input.setSelectionRange(input.value.length, input.value.length);
  }, [channel]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (step === 'contact') {
      // A refused submit puts the cursor where the problem is.
      const invalid = form.invalidFields();
      if (invalid.name) nameRef.current?.focus();
      else if (invalid.contact) contactRef.current?.focus();
      void form.requestCode();
    } else if (step === 'code') void form.verify();
    else void form.register();
  };

  const nameShown = form.tab === 'register' || step === 'name';
  const editable = step === 'contact';
  const contactValue = channel === 'email' ? form.email : form.phone;
  const sentTo = form.sentTo?.contact ?? contactValue;
  const submitDisabled = busy || (step === 'code' && form.code.length !== OTP_CODE_LENGTH);

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }} data-testid="auth-form">
      <Tabs
        value={form.tab}
        onChange={(_, tab: 'login' | 'register') => form.setTab(tab)}
        variant="fullWidth"
        aria-label={t('tabs.label')}
        sx={{ borderBottom: 1, borderColor: 'divider', mt: -1 }}
      >
        <Tab value="login" label={t('tabs.login')} disabled={step === 'name'} />
        <Tab value="register" label={t('tabs.register')} />
      </Tabs>

      <Typography variant="body2" color="text.secondary" aria-live="polite" data-testid="auth-intro">
        {step === 'contact' && (reason ? t('intro.withReason', { reason, intro }) : intro)}
        {step === 'code' && (
          <Trans
            t={t}
            i18nKey="intro.codeSent"
            values={{ length: OTP_CODE_LENGTH, sentTo }}
            components={{ b: <b />, ltr: <bdi dir="ltr" /> }}
          />
        )}
        {step === 'name' && t('intro.noAccount', { sentTo })}
      </Typography>

      {nameShown && (
        <Controller
          name="name"
          control={form.control}
          render={({ field }) => (
            <TextField
              inputRef={nameRef}
              label={t('fields.name')}
              value={field.value}
              onChange={field.onChange}
              onBlur={() => field.value !== '' && field.onBlur()}
              error={!!form.errors.name}
              helperText={problemText(form.errors.name) ?? ' '}
              autoFocus={form.tab === 'register' && step !== 'code'}
              autoComplete="name"
              fullWidth
              slotProps={{ htmlInput: { 'data-testid': 'name-input', maxLength: 100 } }}
            />
          )}
        />
      )}

      {step !== 'name' && (
        <ToggleButtonGroup
          value={channel}
          exclusive
          fullWidth
          size="small"
          disabled={!editable}
          onChange={(_, next: 'email' | 'phone' | null) => next && form.setChannel(next)}
          aria-label={t('channel.label')}
        >
          <ToggleButton value="email" sx={{ gap: 1 }}>
            <MailOutlinedIcon fontSize="small" /> {t('channel.email')}
          </ToggleButton>
          <ToggleButton value="phone" sx={{ gap: 1 }}>
            <PhoneIphoneIcon fontSize="small" /> {t('channel.phone')}
          </ToggleButton>
        </ToggleButtonGroup>
      )}

      <Controller
        key={channel}
        name={channel === 'email' ? 'email' : 'phone'}
        control={form.control}
        render={({ field }) => (
          <TextField
            inputRef={contactRef}
            label={channel === 'email' ? t('fields.email') : t('fields.phone')}
            value={field.value}
            onChange={field.onChange}
            onBlur={() => editable && field.onBlur()}
            error={editable && !!form.errors.contact}
            helperText={(editable && problemText(form.errors.contact)) || (channel === 'phone' && editable ? t('fields.phoneHint') : ' ')}
            autoFocus={form.tab === 'login' && editable}
            type={channel === 'email' ? 'email' : 'tel'}
            autoComplete={channel === 'email' ? 'email' : 'tel-national'}
            fullWidth
            slotProps={{
              htmlInput: {
                readOnly: !editable,
                dir: 'ltr',
                inputMode: channel === 'email' ? 'email' : 'numeric',
                'data-testid': 'contact-input',
                maxLength: channel === 'email' ? 254 : 15,
              },
              input: editable
                ? undefined
                : {
                    endAdornment: (
                      <InputAdornment position="end">
                        {step === 'name' ? (
                          <CheckCircleIcon color="success" titleAccess={t('fields.verified')} />
                        ) : (
                          <Button size="small" onClick={form.changeContact} disabled={busy}>
                            {t('fields.change')}
                          </Button>
                        )}
                      </InputAdornment>
                    ),
                  },
            }}
          />
        )}
      />

      {ssoError && step === 'contact' && (
        <Alert severity="error" data-testid="sso-error">
          {ssoError}
        </Alert>
      )}

      {sso && (
        <Button variant="outlined" size="large" fullWidth href={sso.href} data-testid="sso-continue" sx={{ mt: -1 }}>
          {t('sso.continue', { business: sso.business })}
        </Button>
      )}

      {step === 'code' && (
        <Box sx={{ display: 'grid', gap: 0.5 }}>
          <Controller
            name="otp"
            control={form.control}
            render={({ field }) => (
              <OtpInput
                ref={codeRef}
                value={field.value}
                onChange={(code) => {
                  field.onChange(code);
                  form.clearCodeError();
                }}
                onComplete={() => void form.verify()}
                error={problemText(form.codeError) ?? null}
                autoFocus
              />
            )}
          />
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mt: -1 }}>
            <Typography variant="caption" color="text.secondary">
              {form.needNewCode ? t('code.requestNew') : channel === 'email' ? t('code.noMail') : t('code.noText')}
            </Typography>
            <Button
              size="small"
              onClick={() => void form.resendCode()}
              disabled={busy || (form.resendIn > 0 && !form.needNewCode)}
              variant={form.needNewCode ? 'contained' : 'text'}
              data-testid="resend-code"
              sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
            >
              {form.resendIn > 0 && !form.needNewCode ? t('code.resendIn', { seconds: form.resendIn }) : t('code.resend')}
            </Button>
          </Box>
        </Box>
      )}

      {form.formError && (
        <Alert severity="error" data-testid="auth-error">
          {form.formError}
        </Alert>
      )}

      <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end', mt: 0.5 }}>
        <Button color="inherit" onClick={onCancel}>
          {t('common:actions.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={submitDisabled}
          sx={{ minWidth: 140 }}
          startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          data-testid="auth-submit"
        >
          {submitText}
        </Button>
      </Box>
    </Box>
  );
}
