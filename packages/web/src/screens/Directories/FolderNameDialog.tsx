import { useState } from 'react';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { errorText } from '../../api/http.ts';
import AppDialog from '../../dialogs/AppDialog.tsx';
import { folderNameProblem } from './folder-form.ts';

/** Asks for a folder's name (new folder or rename); `onSave` rejects with the server's message, shown under the field. */
export default function FolderNameDialog({ title, initial = '', saveText, onSave, onClose }: {
  title: string;
  initial?: string;
  saveText: string;
  onSave: (name: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const saving = useMutation({ mutationFn: onSave, onSuccess: onClose, onError: (e) => setError(errorText(e)) });
  const busy = saving.isPending;
  const save = () => {
    const problem = folderNameProblem(name);
    if (problem) return setError(problem);
    setError(null);
    saving.mutate(name.trim());
  };
  return (
    <AppDialog open onClose={onClose} title={title} testId="folder-name-dialog">
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          size="small"
          label="Folder name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && save()}
          error={!!error}
          helperText={error ?? ' '}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={save} disabled={busy}>{saveText}</Button>
      </DialogActions>
    </AppDialog>
  );
}
