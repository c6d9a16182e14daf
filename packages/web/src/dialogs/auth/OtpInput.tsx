import { forwardRef } from 'react';
import TextField from '@mui/material/TextField';
import { OTP_CODE_LENGTH } from '@vbc/shared/account';
import { useTranslation } from 'react-i18next';

export interface TOtpInputProps {
  value: string;
  onChange: (code: string) => void;
  /** Called once the last digit is typed or pasted (or filled in from an SMS / e-mail by the browser). */
  onComplete: (code: string) => void;
  error?: string | null;
  helperText?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  label?: string;
}

/**
 * The one-time code field: one input (so paste and the phone's code
 * suggestion fill it whole), digits only, large spaced figures. It submits
 * by itself when the sixth digit arrives.
 */
const OtpInput = forwardRef<HTMLInputElement, TOtpInputProps>(function OtpInput(
  { value, onChange, onComplete, error, helperText, disabled, autoFocus, label },
  ref,
) {
  const { t } = useTranslation('auth');
  return (
    <TextField
      inputRef={ref}
      label={label ?? t('code.label', { length: OTP_CODE_LENGTH })}
      value={value}
      onChange={(event) => {
        const code = event.target.value.replace(/\D/g, '').slice(0, OTP_CODE_LENGTH);
        onChange(code);
        if (code.length === OTP_CODE_LENGTH && code !== value) onComplete(code);
      }}
      error={!!error}
      helperText={error || helperText || ' '}
      disabled={disabled}
      autoFocus={autoFocus}
      fullWidth
      name="one-time-code"
      slotProps={{
        htmlInput: {
          inputMode: 'numeric',
          autoComplete: 'one-time-code',
          pattern: `\\d{${OTP_CODE_LENGTH}}`,
          maxLength: OTP_CODE_LENGTH,
          'aria-invalid': !!error,
          'data-testid': 'otp-input',
          style: {
            textAlign: 'center',
            fontSize: 28,
            letterSpacing: '0.5em',
            paddingLeft: '0.5em',
            fontVariantNumeric: 'tabular-nums',
            fontFamily: 'ui-monospace, "SF Mono", Menlo, Consolas, monospace',
          },
        },
        formHelperText: { role: error ? 'alert' : undefined, 'data-testid': 'otp-helper' } as object,
      }}
    />
  );
});

export default OtpInput;
