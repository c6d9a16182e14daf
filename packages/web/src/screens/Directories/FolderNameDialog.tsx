import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { ZFolderInput } from '@vbc/shared/directory';
import { errorText } from '../../api/error-text.ts';
import AppDialog from '../../dialogs/AppDialog.tsx';

/**
 * Asks for a folder's name (new folder or rename), checked on save against the shared
 * `ZFolderInput`; `onSave` rejects with the server's message, shown under the field until the
 * next save.
 */
export default function FolderNameDialog({
  title,
  initial = '',
  saveText,
  onSave,
  onClose,
}: {
  title: string;
  initial?: string;
  saveText: string;
  onSave: (name: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation('directories');
  const form = useForm({
    resolver: zodResolver(ZFolderInput),
    defaultValues: { name: initial },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const saving = useMutation({
    mutationFn: onSave,
    onSuccess: onClose,
    onError: (e) => form.setError('name', { type: 'server', message: errorText(e) }),
  });
  const save = form.handleSubmit(({ name }) => saving.mutate(name));
  return (
    <AppDialog open onClose={onClose} title={title} testId="folder-name-dialog">
      <DialogContent>
        <Controller
          name="name"
          control={form.control}
          render={({ field, fieldState }) => (
            <TextField
              autoFocus
              fullWidth
              size="small"
              label={t('folderName')}
              name={field.name}
              value={field.value}
              inputRef={field.ref}
              onChange={field.onChange}
              onKeyDown={(e) => e.key === 'Enter' && save()}
              error={!!fieldState.error}
              helperText={fieldState.error?.message ?? ' '}
              sx={{ mt: 1 }}
            />
          )}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button variant="contained" onClick={() => save()} disabled={saving.isPending}>
          {saveText}
        </Button>
      </DialogActions>
    </AppDialog>
  );
}
