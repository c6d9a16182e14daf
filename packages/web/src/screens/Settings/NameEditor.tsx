import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { errorText, HttpError } from '../../api/http.ts';
import { nameError, withoutField } from '../../dialogs/auth/problems.ts';
import { notify } from '../../platform/events.ts';
import { updateAccountName } from '../../api/accounts.ts';

/** Inline name editing with the SPEC §5 name rule; saves with PUT myAccount. */
export default function NameEditor({ initial, onSaved, onCancel }: { initial: string; onSaved: () => Promise<void>; onCancel: () => void }) {
  const [name, setName] = useState(initial);
  const [checked, setChecked] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const rename = useMutation({
    mutationFn: updateAccountName,
    onSuccess: async () => {
      await onSaved();
      notify('Your name is saved.');
    },
    onError: (error) => {
      if (error instanceof HttpError && error.status === 400) setServerError(withoutField(error.message));
      else notify(errorText(error), 'warning');
    },
  });
  const busy = rename.isPending;
  const problem = (checked ? nameError(name) : null) ?? serverError;

  const save = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (nameError(name) || busy) return;
    if (name.trim() === initial) return onCancel();
    rename.mutate(name.trim());
  };

  return (
    <Box component="form" noValidate onSubmit={save} sx={{ display: 'grid', gap: 1, py: 1 }} data-testid="name-editor">
      <TextField
        label="Name"
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          setServerError(null);
        }}
        onBlur={() => setChecked(true)}
        onKeyDown={(e) => e.key === 'Escape' && onCancel()}
        error={!!problem}
        helperText={problem ?? ' '}
        autoFocus
        autoComplete="name"
        fullWidth
        slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'settings-name-input' } }}
      />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button color="inherit" onClick={onCancel} disabled={busy}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={busy} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
          Save
        </Button>
      </Box>
    </Box>
  );
}
