import TextField, { type TextFieldProps } from '@mui/material/TextField';

/** A form text field: small, full width, the error message (else the hint) under it. */
export default function Field({
  error,
  value,
  onChange,
  helperText,
  ...rest
}: Omit<TextFieldProps, 'error' | 'onChange' | 'value'> & { value: string; error?: string; onChange: (value: string) => void }) {
  return (
    <TextField
      size="small"
      fullWidth
      {...rest}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={!!error}
      helperText={error ?? helperText}
    />
  );
}
