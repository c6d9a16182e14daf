import { speciesName } from '../../components/pet-species.ts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { PET_SPECIES, ZVirtualPetInput } from '@vbc/shared/contact';
import { createPet } from '../../api/pets.ts';
import { errorText } from '../../api/error-text.ts';
import AppDialog from '../../dialogs/AppDialog.tsx';
import { useSession } from '../../session/SessionContext.tsx';

/** The new pet's fields, as the shared pet schema checks them. */
const ZNewPet = ZVirtualPetInput.pick({ name: true, species: true });

/** "Create a pet": a name and a species (checked on create); the pet opens in its editor. */
export default function CreatePetDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('home');
  const { t: tPets } = useTranslation('pets');
  const navigate = useNavigate();
  const { refreshAccount } = useSession();
  const form = useForm({
    resolver: zodResolver(ZNewPet),
    defaultValues: { name: '', species: 'Dog' as const },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const creation = useMutation({
    mutationFn: createPet,
    onSuccess: async (pet) => {
      // The editor checks ownership against the account: refresh it first.
      await refreshAccount().catch(() => undefined);
      onClose();
      navigate(`/pedit/${pet.virtualPetId}`);
    },
    onError: (e) => form.setError('name', { type: 'server', message: errorText(e) }),
  });
  const busy = creation.isPending;

  const create = form.handleSubmit((pet) => creation.mutate(pet));

  return (
    <AppDialog open={open} onClose={onClose} title={t('pets.add')} testId="create-pet-dialog">
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('createPet.text')}
        </Typography>
        <Stack sx={{ gap: 2 }}>
          <Controller
            name="name"
            control={form.control}
            render={({ field, fieldState }) => (
              <TextField
                autoFocus
                label={t('createPet.name')}
                name={field.name}
                value={field.value}
                inputRef={field.ref}
                onChange={field.onChange}
                onKeyDown={(e) => e.key === 'Enter' && create()}
                error={!!fieldState.error}
                helperText={fieldState.error?.message ?? ' '}
                size="small"
              />
            )}
          />
          <Controller
            name="species"
            control={form.control}
            render={({ field }) => (
              <TextField
                select
                label={t('createPet.species')}
                size="small"
                name={field.name}
                value={field.value}
                inputRef={field.ref}
                onChange={field.onChange}
              >
                {PET_SPECIES.map((s) => (
                  <MenuItem key={s} value={s}>
                    {speciesName(tPets, s)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose}>
          {t('actions.cancel')}
        </Button>
        <Button variant="contained" onClick={() => create()} disabled={busy}>
          {t('createPet.button')}
        </Button>
      </DialogActions>
    </AppDialog>
  );
}
