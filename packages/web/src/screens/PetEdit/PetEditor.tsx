import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import NotesIcon from '@mui/icons-material/Notes';
import PetsIcon from '@mui/icons-material/Pets';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { PET_SPECIES, type TVirtualPet, type TVirtualPetInput } from '@vbc/shared/contact';
import { displayUrl } from '../../api/contacts.ts';
import { errorText, HttpError } from '../../api/http.ts';
import { deletePet, updatePet } from '../../api/pets.ts';
import { petQueries } from '../../api/queries.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { emitClientEvent, notify } from '../../platform/events.ts';
import { useSession } from '../../session/SessionContext.tsx';
import EditorHeader from '../../components/editor/EditorHeader.tsx';
import EditorSection from '../../components/editor/EditorSection.tsx';
import SaveErrorAlert, { type TSaveError } from '../../components/editor/SaveErrorAlert.tsx';
import Field from '../../components/editor/Field.tsx';
import ImageUpload from '../../components/editor/ImageUpload.tsx';
import { friendlyResolver } from '../../components/field-errors.ts';
import { formToPetInput, petToForm, ZPetForm, type TPetForm } from './pet-form.ts';

const SEXES = ['Unknown', 'Male', 'Female'] as const;

/** The pet editor: every pet field, picture upload, lost mode; save with a stale check; delete after a prompt. */
export default function PetEditor({ initial }: { initial: TVirtualPet }) {
  const navigate = useNavigate();
  const { refreshAccount } = useSession();
  const queryClient = useQueryClient();
  // Checked on Save only; a field's message stays until the next Save.
  const editor = useForm<TPetForm>({
    resolver: friendlyResolver(zodResolver(ZPetForm, undefined, { raw: true })),
    defaultValues: petToForm(initial),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const form = editor.watch();
  const errors = Object.fromEntries(Object.entries(editor.formState.errors).map(([field, error]) => [field, error?.message]));
  const [saved, setSaved] = useState(() => JSON.stringify(formToPetInput(petToForm(initial))));
  const [saveError, setSaveError] = useState<TSaveError | null>(null);
  const updatedAt = useRef(initial.updatedAt);
  const id = initial.virtualPetId;
  const set = <K extends keyof TPetForm>(key: K, value: TPetForm[K]) => editor.setValue(key, value as never);
  const dirty = JSON.stringify(formToPetInput(form)) !== saved;

  useEffect(() => {
    document.title = `Edit ${form.name || 'pet'} · V.B.C.`;
  }, [form.name]);

  const petSave = useMutation({
    mutationFn: (body: TVirtualPetInput) => updatePet(id, body, updatedAt.current),
    onSuccess: (next, body) => {
      updatedAt.current = next.updatedAt;
      queryClient.setQueryData(petQueries.edit(id).queryKey, next);
      void queryClient.invalidateQueries({ queryKey: queryKeys.pets.one(id) });
      setSaved(JSON.stringify(body));
      notify(`${next.name} is saved.`);
      refreshAccount().catch(() => undefined);
    },
    onError: (e) => {
      const stale = e instanceof HttpError && e.status === 409;
      setSaveError({ message: stale ? e.message : `Not saved: ${errorText(e)}`, stale });
    },
  });
  const saving = petSave.isPending;

  const save = editor.handleSubmit(
    (values) => {
      setSaveError(null);
      petSave.mutate(formToPetInput(values));
    },
    () => setSaveError({ message: 'Please check the fields marked in red.', stale: false }),
  );

  const reload = async () => {
    try {
      const fresh = await queryClient.fetchQuery(petQueries.edit(id));
      updatedAt.current = fresh.updatedAt;
      const f = petToForm(fresh);
      editor.reset(f);
      setSaved(JSON.stringify(formToPetInput(f)));
      setSaveError(null);
    } catch (e) {
      setSaveError({ message: errorText(e), stale: false });
    }
  };

  const askDelete = () =>
    emitClientEvent('prompt', {
      title: `Delete ${form.name || 'this pet'}?`,
      message: 'The pet page and its QR tag stop working for good.',
      yesText: 'Delete',
      noText: 'Keep',
      onYes: async () => {
        await deletePet(id);
        queryClient.removeQueries({ queryKey: queryKeys.pets.one(id) });
        await refreshAccount().catch(() => undefined);
        notify('The pet was deleted.');
        navigate('/', { replace: true });
      },
    });

  return (
    <Box component="main" sx={{ pb: 6 }}>
      <EditorHeader
        title="Edit pet"
        state={saving ? 'saving' : dirty ? 'dirty' : 'saved'}
        actions={
          <>
            <Button color="inherit" component={RouterLink} to={`/p/${id}`}>
              View page
            </Button>
            <Button variant="contained" onClick={() => void save()} disabled={saving} data-testid="save-button">
              Save
            </Button>
          </>
        }
      />
      <Box sx={{ maxWidth: 720, mx: 'auto', px: { xs: 1.5, sm: 2 }, pt: 2, display: 'grid', gap: 2 }}>
        {saveError && <SaveErrorAlert error={saveError} onReload={reload} />}
        <EditorSection id="pet" icon={<PetsIcon />} title="Pet" hint="What a finder needs to know.">
          <ImageUpload
            label="Upload pet picture"
            testId="pet-picture-input"
            src={form.pictureDisplayItemId ? displayUrl(form.pictureDisplayItemId) : null}
            onUploaded={(u) => set('pictureDisplayItemId', u.displayItemId)}
            onRemove={() => set('pictureDisplayItemId', null)}
            hint="A clear photo of the face helps most."
          />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '1fr 1fr' } }}>
            <Field label="Name" value={form.name} onChange={(v) => set('name', v)} error={errors.name} required />
            <TextField
              select
              size="small"
              label="Species"
              value={form.species}
              onChange={(e) => set('species', e.target.value as TPetForm['species'])}
            >
              {PET_SPECIES.map((s) => (
                <MenuItem key={s} value={s}>
                  {s}
                </MenuItem>
              ))}
            </TextField>
            <Field label="Breed" value={form.breed} onChange={(v) => set('breed', v)} error={errors.breed} />
            <TextField select size="small" label="Sex" value={form.sex} onChange={(e) => set('sex', e.target.value as TPetForm['sex'])}>
              {SEXES.map((s) => (
                <MenuItem key={s} value={s}>
                  {s}
                </MenuItem>
              ))}
            </TextField>
            <Field
              label="Birth date"
              type="date"
              value={form.birthDate}
              onChange={(v) => set('birthDate', v)}
              error={errors.birthDate}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <Field label="Colour" value={form.color} onChange={(v) => set('color', v)} error={errors.color} />
          </Box>
        </EditorSection>
        <EditorSection id="notes" icon={<NotesIcon />} title="About and care">
          <Field
            label="Description"
            value={form.description}
            onChange={(v) => set('description', v)}
            error={errors.description}
            multiline
            minRows={2}
          />
          <Field
            label="Care notes"
            value={form.careNotes}
            onChange={(v) => set('careNotes', v)}
            error={errors.careNotes}
            multiline
            minRows={2}
            placeholder="Feeding, habits, what calms them…"
          />
          <Field
            label="Medical notes"
            value={form.medicalNotes}
            onChange={(v) => set('medicalNotes', v)}
            error={errors.medicalNotes}
            multiline
            minRows={2}
            placeholder="Allergies, medication, vet…"
          />
        </EditorSection>
        <EditorSection
          id="lost"
          icon={<WarningAmberIcon />}
          title="Lost mode"
          hint="Turn on if your pet is missing: the page shows a banner with your message."
        >
          <FormControlLabel
            control={<Switch checked={form.isLost} onChange={(e) => set('isLost', e.target.checked)} color="error" />}
            label="My pet is lost"
          />
          {form.isLost && (
            <Field
              label="Message to the finder"
              value={form.lostMessage}
              onChange={(v) => set('lostMessage', v)}
              error={errors.lostMessage}
              multiline
              minRows={2}
              placeholder="Please call me, reward offered…"
            />
          )}
          <FormControlLabel
            control={<Switch checked={form.showOwnerPhone} onChange={(e) => set('showOwnerPhone', e.target.checked)} />}
            label="Show my phone number on the pet page"
          />
        </EditorSection>
        <EditorSection id="delete" icon={<DeleteForeverIcon />} title="Delete pet">
          <Box>
            <Button color="error" variant="outlined" onClick={askDelete}>
              Delete this pet
            </Button>
          </Box>
        </EditorSection>
      </Box>
    </Box>
  );
}
