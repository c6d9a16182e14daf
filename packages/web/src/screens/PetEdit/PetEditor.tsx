import { useValidationText } from '../../components/editor/validation-text.ts';
import { speciesName } from '../../components/pet-species.ts';
import { useTranslation } from 'react-i18next';
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
import { HttpError } from '../../api/http.ts';
import { errorText } from '../../api/error-text.ts';
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

/** A sex's name in the active language (the stored value stays the API's English word). */
function sexName(t: (key: string) => string, sex: (typeof SEXES)[number]): string {
  switch (sex) {
    case 'Unknown':
      return t('sex.unknown');
    case 'Male':
      return t('sex.male');
    case 'Female':
      return t('sex.female');
  }
}

/** The pet editor: every pet field, picture upload, lost mode; save with a stale check; delete after a prompt. */
export default function PetEditor({ initial }: { initial: TVirtualPet }) {
  const navigate = useNavigate();
  const { refreshAccount } = useSession();
  const { t } = useTranslation('pets');
  const validation = useValidationText();
  const queryClient = useQueryClient();
  // Checked on Save only; a field's message stays until the next Save.
  const editor = useForm<TPetForm>({
    resolver: friendlyResolver(zodResolver(ZPetForm, undefined, { raw: true })),
    defaultValues: petToForm(initial),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const form = editor.watch();
  const errors = Object.fromEntries(Object.entries(editor.formState.errors).map(([field, error]) => [field, validation(error?.message)]));
  const [saved, setSaved] = useState(() => JSON.stringify(formToPetInput(petToForm(initial))));
  const [saveError, setSaveError] = useState<TSaveError | null>(null);
  const updatedAt = useRef(initial.updatedAt);
  const id = initial.virtualPetId;
  const set = <K extends keyof TPetForm>(key: K, value: TPetForm[K]) => editor.setValue(key, value as never);
  const dirty = JSON.stringify(formToPetInput(form)) !== saved;

  useEffect(() => {
    document.title = form.name ? t('editor.documentTitle', { name: form.name }) : t('editor.documentTitleUnnamed');
  }, [form.name, t]);

  const petSave = useMutation({
    mutationFn: (body: TVirtualPetInput) => updatePet(id, body, updatedAt.current),
    onSuccess: (next, body) => {
      updatedAt.current = next.updatedAt;
      queryClient.setQueryData(petQueries.edit(id).queryKey, next);
      void queryClient.invalidateQueries({ queryKey: queryKeys.pets.one(id) });
      setSaved(JSON.stringify(body));
      notify(t('editor.saved', { name: next.name }));
      refreshAccount().catch(() => undefined);
    },
    onError: (e) => {
      const stale = e instanceof HttpError && e.status === 409;
      setSaveError({ message: stale ? e.message : t('editor.notSaved', { reason: errorText(e) }), stale });
    },
  });
  const saving = petSave.isPending;

  const save = editor.handleSubmit(
    (values) => {
      setSaveError(null);
      petSave.mutate(formToPetInput(values));
    },
    () => setSaveError({ message: t('editor.checkFields'), stale: false }),
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
      title: form.name ? t('editor.delete.title', { name: form.name }) : t('editor.delete.titleUnnamed'),
      message: t('editor.delete.message'),
      yesText: t('editor.delete.yes'),
      noText: t('editor.delete.no'),
      onYes: async () => {
        await deletePet(id);
        queryClient.removeQueries({ queryKey: queryKeys.pets.one(id) });
        await refreshAccount().catch(() => undefined);
        notify(t('editor.deleted'));
        navigate('/', { replace: true });
      },
    });

  return (
    <Box component="main" sx={{ pb: 6 }}>
      <EditorHeader
        title={t('editor.title')}
        state={saving ? 'saving' : dirty ? 'dirty' : 'saved'}
        actions={
          <>
            <Button color="inherit" component={RouterLink} to={`/p/${id}`}>
              {t('editor.viewPage')}
            </Button>
            <Button variant="contained" onClick={() => void save()} disabled={saving} data-testid="save-button">
              {t('editor.save')}
            </Button>
          </>
        }
      />
      <Box sx={{ maxWidth: 720, mx: 'auto', px: { xs: 1.5, sm: 2 }, pt: 2, display: 'grid', gap: 2 }}>
        {saveError && <SaveErrorAlert error={saveError} onReload={reload} />}
        <EditorSection id="pet" icon={<PetsIcon />} title={t('editor.pet.title')} hint={t('editor.pet.hint')}>
          <ImageUpload
            label={t('editor.pet.upload')}
            testId="pet-picture-input"
            src={form.pictureDisplayItemId ? displayUrl(form.pictureDisplayItemId) : null}
            onUploaded={(u) => set('pictureDisplayItemId', u.displayItemId)}
            onRemove={() => set('pictureDisplayItemId', null)}
            hint={t('editor.pet.pictureHint')}
          />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '1fr 1fr' } }}>
            <Field label={t('editor.fields.name')} value={form.name} onChange={(v) => set('name', v)} error={errors.name} required />
            <TextField
              select
              size="small"
              label={t('editor.fields.species')}
              value={form.species}
              onChange={(e) => set('species', e.target.value as TPetForm['species'])}
            >
              {PET_SPECIES.map((s) => (
                <MenuItem key={s} value={s}>
                  {speciesName(t, s)}
                </MenuItem>
              ))}
            </TextField>
            <Field label={t('editor.fields.breed')} value={form.breed} onChange={(v) => set('breed', v)} error={errors.breed} />
            <TextField
              select
              size="small"
              label={t('editor.fields.sex')}
              value={form.sex}
              onChange={(e) => set('sex', e.target.value as TPetForm['sex'])}
            >
              {SEXES.map((s) => (
                <MenuItem key={s} value={s}>
                  {sexName(t, s)}
                </MenuItem>
              ))}
            </TextField>
            <Field
              label={t('editor.fields.birthDate')}
              type="date"
              value={form.birthDate}
              onChange={(v) => set('birthDate', v)}
              error={errors.birthDate}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <Field label={t('editor.fields.colour')} value={form.color} onChange={(v) => set('color', v)} error={errors.color} />
          </Box>
        </EditorSection>
        <EditorSection id="notes" icon={<NotesIcon />} title={t('editor.notes.title')}>
          <Field
            label={t('editor.notes.description')}
            value={form.description}
            onChange={(v) => set('description', v)}
            error={errors.description}
            multiline
            minRows={2}
          />
          <Field
            label={t('editor.notes.care')}
            value={form.careNotes}
            onChange={(v) => set('careNotes', v)}
            error={errors.careNotes}
            multiline
            minRows={2}
            placeholder={t('editor.notes.carePlaceholder')}
          />
          <Field
            label={t('editor.notes.medical')}
            value={form.medicalNotes}
            onChange={(v) => set('medicalNotes', v)}
            error={errors.medicalNotes}
            multiline
            minRows={2}
            placeholder={t('editor.notes.medicalPlaceholder')}
          />
        </EditorSection>
        <EditorSection id="lost" icon={<WarningAmberIcon />} title={t('editor.lost.title')} hint={t('editor.lost.hint')}>
          <FormControlLabel
            control={<Switch checked={form.isLost} onChange={(e) => set('isLost', e.target.checked)} color="error" />}
            label={t('editor.lost.switch')}
          />
          {form.isLost && (
            <Field
              label={t('editor.lost.message')}
              value={form.lostMessage}
              onChange={(v) => set('lostMessage', v)}
              error={errors.lostMessage}
              multiline
              minRows={2}
              placeholder={t('editor.lost.placeholder')}
            />
          )}
          <FormControlLabel
            control={<Switch checked={form.showOwnerPhone} onChange={(e) => set('showOwnerPhone', e.target.checked)} />}
            label={t('editor.lost.showPhone')}
          />
        </EditorSection>
        <EditorSection id="delete" icon={<DeleteForeverIcon />} title={t('editor.deleteSection.title')}>
          <Box>
            <Button color="error" variant="outlined" onClick={askDelete}>
              {t('editor.deleteSection.button')}
            </Button>
          </Box>
        </EditorSection>
      </Box>
    </Box>
  );
}
