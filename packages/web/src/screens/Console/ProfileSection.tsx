import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { get, useForm } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { SOCIAL_MEDIA_TYPES, type TSocialMediaType } from '@vbc/shared/contact';
import { CORPORATE_PROFILE_LIMITS, type TCorporateConsole } from '@vbc/shared/corporate';
import { saveCorporateProfile } from '../../api/corporate.ts';
import { errorText } from '../../api/error-text.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { notify } from '../../platform/events.ts';
import Field from '../../components/editor/Field.tsx';
import { useValidationText } from '../../components/editor/validation-text.ts';
import PictureField from './PictureField.tsx';
import { friendlyResolver } from '../../components/field-errors.ts';
import { emptyRow, toForm, toInput, ZProfileForm, type TListKey, type TProfileForm } from './profile-form.ts';
import { ConsoleSection } from './ConsoleSection.tsx';

/** One list of the profile (phones, e-mails …): its rows, an Add button, a Remove button per row. */
function ListEditor<K extends TListKey>({
  form,
  setForm,
  listKey,
  title,
  addText,
  removeText,
  renderRow,
}: {
  form: TProfileForm;
  setForm: (update: (form: TProfileForm) => TProfileForm) => void;
  listKey: K;
  title: string;
  addText: string;
  /** The Remove button's name for row `number` (from 1). */
  removeText: (number: number) => string;
  renderRow: (row: TProfileForm[K][number], index: number, change: (patch: Partial<TProfileForm[K][number]>) => void) => ReactNode;
}) {
  const rows = form[listKey] as TProfileForm[K][number][];
  const change = (index: number) => (patch: Partial<TProfileForm[K][number]>) =>
    setForm((f) => ({
      ...f,
      [listKey]: (f[listKey] as TProfileForm[K][number][]).map((row, i) => (i === index ? { ...row, ...patch } : row)),
    }));
  const remove = (index: number) => setForm((f) => ({ ...f, [listKey]: (f[listKey] as unknown[]).filter((_, i) => i !== index) }));
  const add = () => setForm((f) => ({ ...f, [listKey]: [...(f[listKey] as unknown[]), emptyRow(listKey)] }));
  return (
    <Box
      component="fieldset"
      sx={{ border: '1px solid rgba(255,255,255,0.12)', borderRadius: '14px', p: 2, m: 0, display: 'grid', gap: 1.5 }}
    >
      <Typography component="legend" sx={{ px: 0.5, fontWeight: 700 }}>
        {title}
      </Typography>
      {rows.map((row, i) => (
        <Box key={row.id ?? `new-${i}`} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <Box sx={{ flex: 1, display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fit, minmax(160px, 1fr))' } }}>
            {renderRow(row, i, change(i))}
          </Box>
          <IconButton aria-label={removeText(i + 1)} onClick={() => remove(i)}>
            <DeleteIcon />
          </IconButton>
        </Box>
      ))}
      <Box>
        <Button size="small" startIcon={<AddIcon />} onClick={add}>
          {addText}
        </Button>
      </Box>
    </Box>
  );
}

/** Console: every docs/contracts.md §3 corporate-profile field, hero and profile images through the uploads; Save replaces the profile. */
export default function ProfileSection({ business }: { business: TCorporateConsole }) {
  const { t } = useTranslation('console');
  const translate = useValidationText();
  const client = useQueryClient();
  // Checked on Save only; the messages stay until the next Save.
  const editor = useForm<TProfileForm>({
    resolver: friendlyResolver(zodResolver(ZProfileForm, undefined, { raw: true })),
    defaultValues: toForm(business.profile),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const form = editor.watch();
  const setForm = (update: (form: TProfileForm) => TProfileForm) => {
    const before = editor.getValues();
    const after = update(before);
    for (const key of Object.keys(after) as (keyof TProfileForm)[]) if (after[key] !== before[key]) editor.setValue(key, after[key]);
  };
  const save = useMutation({
    mutationFn: (values: TProfileForm) => saveCorporateProfile(business.corporateAccountId, toInput(values)),
    onSuccess: (saved) => {
      client.setQueryData(queryKeys.console.profile(business.corporateAccountId), saved);
      void client.invalidateQueries({ queryKey: queryKeys.corporateProfiles.one(saved.profile.corporateProfileId) });
      void client.invalidateQueries({ queryKey: queryKeys.console.businesses() });
      editor.reset(toForm(saved.profile));
      notify(t('profile.saved'));
    },
    onError: (error) => editor.setError('root.server', { type: 'server', message: errorText(error) }),
  });
  const submit = editor.handleSubmit((values) => save.mutate(values));
  const { errors } = editor.formState;
  const err = (path: string) => translate((get(errors, path) as { message?: string } | undefined)?.message);
  const failed = Object.keys(errors).length > 0;

  return (
    <ConsoleSection title={t('sections.profile')} description={t('profile.description')}>
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          void submit(e);
        }}
        sx={{ display: 'grid', gap: 2 }}
      >
        <Field
          label={t('profile.name')}
          value={form.name}
          onChange={(name) => setForm((f) => ({ ...f, name }))}
          error={err('name')}
          required
        />
        <Field
          label={t('profile.about')}
          helperText={t('profile.aboutHint')}
          value={form.description}
          onChange={(description) => setForm((f) => ({ ...f, description }))}
          error={err('description')}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: CORPORATE_PROFILE_LIMITS.descriptionMax } }}
        />
        <PictureField
          title={t('profile.hero')}
          uploadLabel={t('profile.uploadHero')}
          heading="h3"
          shape="wide"
          testId="console-hero-input"
          value={form.hero}
          onChange={(hero) => setForm((f) => ({ ...f, hero }))}
          error={err('heroImageDisplayId')}
        />
        <PictureField
          title={t('profile.logo')}
          uploadLabel={t('profile.uploadLogo')}
          heading="h3"
          testId="console-logo-input"
          value={form.logo}
          onChange={(logo) => setForm((f) => ({ ...f, logo }))}
          error={err('profileImageDisplayId')}
        />
        <ListEditor
          form={form}
          setForm={setForm}
          listKey="phones"
          title={t('profile.phones')}
          addText={t('profile.addPhone')}
          removeText={(number) => t('profile.removePhone', { number })}
          renderRow={(row, i, change) => (
            <Field
              label={t('profile.phone')}
              value={row.phoneNumber}
              onChange={(phoneNumber) => change({ phoneNumber })}
              error={err(`phones.${i}.phoneNumber`)}
            />
          )}
        />
        <ListEditor
          form={form}
          setForm={setForm}
          listKey="emails"
          title={t('profile.emails')}
          addText={t('profile.addEmail')}
          removeText={(number) => t('profile.removeEmail', { number })}
          renderRow={(row, i, change) => (
            <Field
              label={t('profile.email')}
              type="email"
              value={row.email}
              onChange={(email) => change({ email })}
              error={err(`emails.${i}.email`)}
            />
          )}
        />
        <ListEditor
          form={form}
          setForm={setForm}
          listKey="links"
          title={t('profile.links')}
          addText={t('profile.addLink')}
          removeText={(number) => t('profile.removeLink', { number })}
          renderRow={(row, i, change) => (
            <Field
              label={t('profile.linkUrl')}
              value={row.linkUrl}
              onChange={(linkUrl) => change({ linkUrl })}
              error={err(`links.${i}.linkUrl`)}
            />
          )}
        />
        <ListEditor
          form={form}
          setForm={setForm}
          listKey="socialMedias"
          title={t('profile.socials')}
          addText={t('profile.addSocial')}
          removeText={(number) => t('profile.removeSocial', { number })}
          renderRow={(row, i, change) => (
            <>
              <TextField
                select
                size="small"
                label={t('profile.network')}
                value={row.socialMediaType}
                onChange={(e) => change({ socialMediaType: e.target.value as TSocialMediaType })}
              >
                {SOCIAL_MEDIA_TYPES.map((type) => (
                  <MenuItem key={type} value={type}>
                    {type}
                  </MenuItem>
                ))}
              </TextField>
              <Field
                label={t('profile.account')}
                value={row.accountId}
                onChange={(accountId) => change({ accountId })}
                error={err(`socialMedias.${i}.accountId`)}
              />
              <FormControlLabel
                control={<Checkbox checked={row.useUrlOverride} onChange={(e) => change({ useUrlOverride: e.target.checked })} />}
                label={t('profile.useUrl')}
              />
              {row.useUrlOverride && (
                <Field
                  label={t('profile.url')}
                  value={row.urlOverride}
                  onChange={(urlOverride) => change({ urlOverride })}
                  error={err(`socialMedias.${i}.urlOverride`)}
                />
              )}
            </>
          )}
        />
        <ListEditor
          form={form}
          setForm={setForm}
          listKey="locations"
          title={t('profile.locations')}
          addText={t('profile.addLocation')}
          removeText={(number) => t('profile.removeLocation', { number })}
          renderRow={(row, i, change) => (
            <>
              <Field
                label={t('profile.locationTitle')}
                value={row.title}
                onChange={(title) => change({ title })}
                error={err(`locations.${i}.title`)}
              />
              <Field
                label={t('profile.placeId')}
                value={row.googlePlaceId}
                onChange={(googlePlaceId) => change({ googlePlaceId })}
                error={err(`locations.${i}.googlePlaceId`)}
              />
            </>
          )}
        />
        {failed && (
          <Typography role="alert" color="error.main">
            {errors.root?.server?.message ?? t('form.checkFields')}
          </Typography>
        )}
        <Box>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('profile.save')}
          </Button>
        </Box>
      </Box>
    </ConsoleSection>
  );
}
