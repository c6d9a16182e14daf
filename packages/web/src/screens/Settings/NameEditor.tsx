import type { FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { ZUpdateAccount } from '@vbc/shared/account';
import { HttpError } from '../../api/http.ts';
import { errorText, withoutField } from '../../api/error-text.ts';
import { useProblemText } from '../../i18n/problem-text.ts';

import { notify } from '../../platform/events.ts';
import { updateAccountName } from '../../api/accounts.ts';

/**
 * Inline name editing with the docs/contracts.md §5 name rule (the shared `ZUpdateAccount`): checked once the
 * field is left or submitted, then as it is typed; saves with PUT myAccount.
 */
export default function NameEditor({
  initial,
  onSaved,
  onCancel,
}: {
  initial: string;
  onSaved: () => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('settings');
  const problemText = useProblemText();
  const form = useForm({
    resolver: zodResolver(ZUpdateAccount),
    defaultValues: { name: initial },
    mode: 'onTouched',
    shouldFocusError: false,
  });
  const rename = useMutation({
    mutationFn: updateAccountName,
    onSuccess: async () => {
      await onSaved();
      notify(t('name.saved'));
    },
    onError: (error) => {
      if (error instanceof HttpError && error.status === 400)
        form.setError('name', { type: 'server', message: withoutField(errorText(error)) });
      else notify(errorText(error), 'warning');
    },
  });
  const busy = rename.isPending;

  const save = (event: FormEvent) =>
    form.handleSubmit(({ name }) => {
      if (busy) return;
      if (name === initial) return onCancel();
      rename.mutate(name);
    })(event);

  return (
    <Box component="form" noValidate onSubmit={save} sx={{ display: 'grid', gap: 1, py: 1 }} data-testid="name-editor">
      <Controller
        name="name"
        control={form.control}
        render={({ field, fieldState }) => (
          <TextField
            label={t('account.name')}
            name={field.name}
            value={field.value}
            inputRef={field.ref}
            onChange={field.onChange}
            onBlur={field.onBlur}
            onKeyDown={(e) => e.key === 'Escape' && onCancel()}
            error={!!fieldState.error}
            helperText={problemText(fieldState.error?.message) ?? ' '}
            autoFocus
            autoComplete="name"
            fullWidth
            slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'settings-name-input' } }}
          />
        )}
      />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button color="inherit" onClick={onCancel} disabled={busy}>
          {t('common:actions.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {t('name.save')}
        </Button>
      </Box>
    </Box>
  );
}
