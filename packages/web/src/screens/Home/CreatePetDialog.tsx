import { useState } from 'react';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { PET_SPECIES, type TVirtualPetInput } from '@vbc/shared/contact';
import { createPet } from '../../api/pets.ts';
import { errorText } from '../../api/http.ts';
import AppDialog from '../../dialogs/AppDialog.tsx';
import { useSession } from '../../session/SessionContext.tsx';

/** "Create a pet": a name and a species; the pet opens in its editor. */
export default function CreatePetDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const { refreshAccount } = useSession();
  const [name, setName] = useState('');
  const [species, setSpecies] = useState<TVirtualPetInput['species']>('Dog');
  const [error, setError] = useState<string | null>(null);
  const creation = useMutation({
    mutationFn: createPet,
    onSuccess: async (pet) => {
      // The editor checks ownership against the account: refresh it first.
      await refreshAccount().catch(() => undefined);
      onClose();
      navigate(`/pedit/${pet.virtualPetId}`);
    },
    onError: (e) => setError(errorText(e)),
  });
  const busy = creation.isPending;

  const create = () => {
    if (!name.trim()) {
      setError('Required.');
      return;
    }
    setError(null);
    creation.mutate({ name: name.trim(), species });
  };

  return (
    <AppDialog open={open} onClose={onClose} title="Add a pet" testId="create-pet-dialog">
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>A pet tag with a QR code that brings your pet home.</Typography>
        <Stack sx={{ gap: 2 }}>
          <TextField
            autoFocus
            label="Pet's name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && create()}
            error={!!error}
            helperText={error ?? ' '}
            size="small"
          />
          <TextField select label="Species" size="small" value={species} onChange={(e) => setSpecies(e.target.value as TVirtualPetInput['species'])}>
            {PET_SPECIES.map((s) => <MenuItem key={s} value={s}>{s}</MenuItem>)}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={create} disabled={busy}>Create pet</Button>
      </DialogActions>
    </AppDialog>
  );
}
