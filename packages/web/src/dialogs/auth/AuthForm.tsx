import { useEffect, useRef, type FormEvent } from 'react';
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

const INTRO = {
  login: 'Sign in with the e-mail address or phone number of your account. We send you a one-time code: no password.',
  register: 'Create your account with your name and an e-mail address or phone number we can send a one-time code to.',
} as const;

const SUBMIT = { contact: 'Send code', code: 'Verify', name: 'Register' } as const;

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
        aria-label="Login or register"
        sx={{ borderBottom: 1, borderColor: 'divider', mt: -1 }}
      >
        <Tab value="login" label="Login" disabled={step === 'name'} />
        <Tab value="register" label="Register" />
      </Tabs>

      <Typography variant="body2" color="text.secondary" aria-live="polite" data-testid="auth-intro">
        {step === 'contact' && (reason ? `${reason} ` : '') + INTRO[form.tab]}
        {step === 'code' && (
          <>
            We sent a {OTP_CODE_LENGTH}-digit code to <b>{sentTo}</b>. Enter it below: it works for 5 minutes.
          </>
        )}
        {step === 'name' && `No account uses ${sentTo} yet. Add your name to create one.`}
      </Typography>

      {nameShown && (
        <Controller
          name="name"
          control={form.control}
          render={({ field }) => (
            <TextField
              inputRef={nameRef}
              label="Name"
              value={field.value}
              onChange={field.onChange}
              onBlur={() => field.value !== '' && field.onBlur()}
              error={!!form.errors.name}
              helperText={form.errors.name ?? ' '}
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
          aria-label="Verify by"
        >
          <ToggleButton value="email" sx={{ gap: 1 }}>
            <MailOutlinedIcon fontSize="small" /> Email
          </ToggleButton>
          <ToggleButton value="phone" sx={{ gap: 1 }}>
            <PhoneIphoneIcon fontSize="small" /> Phone
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
            label={channel === 'email' ? 'Email' : 'Phone number'}
            value={field.value}
            onChange={field.onChange}
            onBlur={() => editable && field.onBlur()}
            error={editable && !!form.errors.contact}
            helperText={(editable && form.errors.contact) || (channel === 'phone' && editable ? 'Digits only, starting with 09.' : ' ')}
            autoFocus={form.tab === 'login' && editable}
            type={channel === 'email' ? 'email' : 'tel'}
            autoComplete={channel === 'email' ? 'email' : 'tel-national'}
            fullWidth
            slotProps={{
              htmlInput: {
                readOnly: !editable,
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
                          <CheckCircleIcon color="success" titleAccess="Verified" />
                        ) : (
                          <Button size="small" onClick={form.changeContact} disabled={busy}>
                            Change
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
          Continue with {sso.business} SSO
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
                error={form.codeError}
                autoFocus
              />
            )}
          />
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mt: -1 }}>
            <Typography variant="caption" color="text.secondary">
              {form.needNewCode
                ? 'Request a new code to go on.'
                : channel === 'email'
                  ? 'No mail? Check the spam folder.'
                  : 'No text yet? Wait a moment.'}
            </Typography>
            <Button
              size="small"
              onClick={() => void form.resendCode()}
              disabled={busy || (form.resendIn > 0 && !form.needNewCode)}
              variant={form.needNewCode ? 'contained' : 'text'}
              data-testid="resend-code"
              sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
            >
              {form.resendIn > 0 && !form.needNewCode ? `Resend code (${form.resendIn}s)` : 'Resend code'}
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
          Cancel
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
          {SUBMIT[step]}
        </Button>
      </Box>
    </Box>
  );
}
