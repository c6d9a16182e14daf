import { forwardRef } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import type { TOtpCodeEntry } from '@vbc/shared/account';
import OtpInput from './OtpInput.tsx';

/**
 * The code field of a form over `ZOtpCodeEntry` (account deletion, changing a contact): the code
 * input bound to the form's `otp`, its message shown until the code is typed again.
 */
const OtpCodeField = forwardRef<HTMLInputElement, { form: UseFormReturn<TOtpCodeEntry>; onComplete: () => void }>(function OtpCodeField(
  { form, onComplete },
  ref,
) {
  return (
    <Controller
      name="otp"
      control={form.control}
      render={({ field, fieldState }) => (
        <OtpInput
          ref={ref}
          value={field.value}
          onChange={(code) => {
            field.onChange(code);
            form.clearErrors('otp');
          }}
          onComplete={onComplete}
          error={fieldState.error?.message ?? null}
          autoFocus
        />
      )}
    />
  );
});

export default OtpCodeField;
