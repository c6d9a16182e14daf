import { useId, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { Trans, useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import { DESIGNS, type TDesign } from '@vbc/shared/contact';
import type { TCorporateConsole } from '@vbc/shared/corporate';
import type { TCorporateTemplate, TTemplateField } from '@vbc/shared/team-template';
import { saveTemplate } from '../../api/corporate.ts';
import { HttpError } from '../../api/http.ts';
import { errorText } from '../../api/error-text.ts';
import { consoleQueries } from '../../api/queries.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { notify } from '../../platform/events.ts';
import Field from '../../components/editor/Field.tsx';
import LinkRows from '../../components/editor/LinkRows.tsx';
import LocationRows from '../../components/editor/LocationRows.tsx';
import SocialRows from '../../components/editor/SocialRows.tsx';
import { flatFieldErrors, friendlyResolver, serverFieldErrors } from '../../components/field-errors.ts';
import { useTranslatedErrors } from '../../components/editor/validation-text.ts';
import { templates } from '../../components/editor/TemplatePicker.tsx';
import { THEMES, themeName } from '../ContactEdit/sections/DesignSection.tsx';
import { useFormat } from '../../i18n/format.ts';
import { ConsoleSection } from './ConsoleSection.tsx';
import PictureField from './PictureField.tsx';
import { templateFormToInput, templateToForm, withLock, ZTemplateForm, type TTemplateForm } from './template-form.ts';

/** Each layout's name and line, as the card editor's picker says them (in the active language). */
const layoutLabels = (t: TFunction<'console'>, editorT: TFunction<'editor'>, locale: string) =>
  Object.fromEntries(
    templates(editorT).map((l) => [l.design, t('template.layoutOption', { label: l.label, text: l.text.toLocaleLowerCase(locale) })]),
  ) as Record<TDesign, string>;

/** A colour's example value: the same in every language. */
const COLOUR_EXAMPLE = '#RRGGBB';

/** The template's three accent colours, each with its name in the active language. */
const accents = (t: TFunction<'console'>) =>
  [
    { key: 'accentColor1', label: t('template.accent1') },
    { key: 'accentColor2', label: t('template.accent2') },
    { key: 'accentColor3', label: t('template.accent3') },
  ] as const;

/** The Lock switch's name of each template field, in the active language. */
function lockText(t: TFunction<'console'>, field: TTemplateField): string {
  switch (field) {
    case 'designSpecification':
      return t('template.fields.design.lock');
    case 'organization':
      return t('template.fields.organization.lock');
    case 'about':
      return t('template.fields.about.lock');
    case 'links':
      return t('template.fields.links.lock');
    case 'locations':
      return t('template.fields.locations.lock');
    case 'socialMedias':
      return t('template.fields.socials.lock');
    case 'logoDisplayItemId':
      return t('template.fields.logo.lock');
    case 'heroImageDisplayItemId':
      return t('template.fields.cover.lock');
  }
}

/**
 * One field of the template: its controls, then its "Lock …" switch saying what the choice means
 * (locked: members cannot change it; suggested: members may).
 */
function TemplateField({
  field,
  title,
  hint,
  lockedFields,
  onLock,
  children,
}: {
  field: TTemplateField;
  /** A heading for the field; omitted where the controls bring their own (pictures). */
  title?: string;
  hint?: string;
  /** The fields the template locks. */
  lockedFields: readonly TTemplateField[];
  onLock: (field: TTemplateField, on: boolean) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('console');
  const stateId = useId();
  const locked = lockedFields.includes(field);
  return (
    <Box
      data-testid={`template-field-${field}`}
      sx={{
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr)',
        gap: 1.5,
        p: { xs: 1.5, sm: 2 },
        borderRadius: '16px',
        border: '1px solid',
        borderColor: locked ? 'primary.main' : 'rgba(255,255,255,0.12)',
      }}
    >
      {title && (
        <Box>
          <Typography component="h3" sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
          {hint && (
            <Typography variant="body2" color="text.secondary">
              {hint}
            </Typography>
          )}
        </Box>
      )}
      {children}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 0.5 }}>
        <FormControlLabel
          control={
            <Switch
              checked={locked}
              onChange={(e) => onLock(field, e.target.checked)}
              slotProps={{ input: { 'aria-describedby': stateId } }}
            />
          }
          label={lockText(t, field)}
        />
        <Typography
          id={stateId}
          variant="body2"
          color={locked ? 'primary.light' : 'text.secondary'}
          sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}
        >
          {locked ? <LockIcon fontSize="small" aria-hidden /> : <LockOpenIcon fontSize="small" aria-hidden />}
          {locked ? t('template.locked') : t('template.suggested')}
        </Typography>
      </Box>
    </Box>
  );
}

function TemplateForm({ business, template }: { business: TCorporateConsole; template: TCorporateTemplate }) {
  const { t } = useTranslation('console');
  const { t: editorT } = useTranslation('editor');
  const { locale } = useFormat();
  const layoutLabel = layoutLabels(t, editorT, locale);
  const client = useQueryClient();
  // Checked on Save; after a first try, every change checks the whole form again.
  const editor = useForm<TTemplateForm>({
    resolver: friendlyResolver(zodResolver(ZTemplateForm, undefined, { raw: true })),
    defaultValues: templateToForm(template),
    shouldFocusError: false,
  });
  const form = editor.watch();
  const errors = useTranslatedErrors(flatFieldErrors(editor.formState.errors));
  const isAdmin = business.role === 'admin';
  const save = useMutation({
    mutationFn: (values: TTemplateForm) => saveTemplate(business.corporateAccountId, templateFormToInput(values)),
    onSuccess: (saved) => {
      client.setQueryData(queryKeys.console.template(business.corporateAccountId), saved);
      editor.reset(templateToForm(saved));
      notify(t('template.saved'));
    },
    onError: (error) => {
      const fields = error instanceof HttpError && error.status === 400 ? serverFieldErrors(error.message) : {};
      for (const [path, message] of Object.entries(fields)) editor.setError(path as keyof TTemplateForm, { type: 'server', message });
      editor.setError('root.server', { type: 'server', message: t('template.notSaved', { reason: errorText(error) }) });
    },
  });
  const set = <K extends keyof TTemplateForm>(key: K, value: TTemplateForm[K] | ((prev: TTemplateForm[K]) => TTemplateForm[K])) => {
    const next = typeof value === 'function' ? (value as (prev: TTemplateForm[K]) => TTemplateForm[K])(editor.getValues(key)) : value;
    editor.setValue(key, next as never, { shouldDirty: true });
    if (editor.formState.isSubmitted) void editor.trigger();
  };
  /** What each field's Lock switch takes. */
  const lockProps = {
    lockedFields: form.locked,
    onLock: (field: TTemplateField, on: boolean) => set('locked', (locked) => withLock(locked, field, on)),
  };
  /** What a list editor takes for one of the template's lists. */
  const listProps = <K extends 'links' | 'locations' | 'socialMedias'>(path: K) => ({
    rows: form[path],
    onChange: (update: (rows: TTemplateForm[K]) => TTemplateForm[K]) => set(path, update),
    errors,
    path,
  });
  const linkRows = listProps('links');
  const locationRows = listProps('locations');
  const socialRows = listProps('socialMedias');
  const failed = Object.keys(errors).length > 0;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => void editor.handleSubmit((values) => save.mutate(values))(e)}
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}
    >
      <Alert severity="info" icon={<LockIcon />} data-testid="template-lock-help">
        <Typography variant="body2" sx={{ fontWeight: 700 }}>
          {t('template.help.title')}
        </Typography>
        <Typography variant="body2">
          <Trans t={t} i18nKey="template.help.locked" values={{ business: business.name }} components={{ b: <strong /> }} />
        </Typography>
        <Typography variant="body2">
          <Trans t={t} i18nKey="template.help.suggested" components={{ b: <strong /> }} />
        </Typography>
      </Alert>
      <Box
        component="fieldset"
        disabled={!isAdmin}
        sx={{ border: 0, p: 0, m: 0, minWidth: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}
      >
        <TemplateField
          field="designSpecification"
          {...lockProps}
          title={t('template.fields.design.title')}
          hint={t('template.fields.design.hint')}
        >
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '1fr 1fr' } }}>
            <TextField
              select
              size="small"
              label={t('template.layout')}
              value={form.design}
              onChange={(e) => set('design', e.target.value as TDesign | '')}
            >
              <MenuItem value="">{t('template.membersChoose')}</MenuItem>
              {DESIGNS.map((d) => (
                <MenuItem key={d} value={d}>
                  {layoutLabel[d]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={t('template.theme')}
              value={form.theme}
              onChange={(e) => set('theme', e.target.value)}
              disabled={!form.design}
            >
              {THEMES.map((theme) => (
                <MenuItem key={theme.designation} value={theme.designation}>
                  {themeName(editorT, theme.designation)}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, 1fr)' } }}>
            {accents(t).map(({ key, label }) => (
              <Field
                key={key}
                label={label}
                value={form[key]}
                onChange={(v) => set(key, v)}
                disabled={!form.design}
                placeholder={COLOUR_EXAMPLE}
                helperText={t('template.colourHint')}
                error={errors[`designSpecification.${key}`]}
              />
            ))}
          </Box>
        </TemplateField>
        <TemplateField
          field="organization"
          {...lockProps}
          title={t('template.fields.organization.title')}
          hint={t('template.fields.organization.hint')}
        >
          <Field
            label={t('template.fields.organization.title')}
            value={form.organization}
            onChange={(v) => set('organization', v)}
            error={errors.organization}
          />
        </TemplateField>
        <TemplateField field="about" {...lockProps} title={t('template.fields.about.title')} hint={t('template.fields.about.hint')}>
          <Field
            label={t('template.fields.about.title')}
            value={form.about}
            onChange={(v) => set('about', v)}
            multiline
            minRows={3}
            helperText={t('template.markdown')}
            error={errors.about}
          />
        </TemplateField>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '1fr 1fr' } }}>
          <TemplateField field="logoDisplayItemId" {...lockProps}>
            <PictureField
              title={t('template.fields.logo.title')}
              uploadLabel={t('template.fields.logo.upload')}
              heading="h3"
              shape="square"
              testId="template-logo-input"
              value={form.logo}
              onChange={(logo) => set('logo', logo)}
              error={errors.logoDisplayItemId}
              hint={t('template.fields.logo.hint')}
            />
          </TemplateField>
          <TemplateField field="heroImageDisplayItemId" {...lockProps}>
            <PictureField
              title={t('template.fields.cover.title')}
              uploadLabel={t('template.fields.cover.upload')}
              heading="h3"
              shape="wide"
              size="highRes"
              testId="template-cover-input"
              value={form.hero}
              onChange={(hero) => set('hero', hero)}
              error={errors.heroImageDisplayItemId}
              hint={t('template.fields.cover.hint')}
            />
          </TemplateField>
        </Box>
        <TemplateField field="links" {...lockProps} title={t('template.fields.links.title')} hint={t('template.fields.links.hint')}>
          <LinkRows {...linkRows} addText={t('template.fields.links.add')} />
        </TemplateField>
        <TemplateField
          field="locations"
          {...lockProps}
          title={t('template.fields.locations.title')}
          hint={t('template.fields.locations.hint')}
        >
          <LocationRows {...locationRows} addText={t('template.fields.locations.add')} />
        </TemplateField>
        <TemplateField
          field="socialMedias"
          {...lockProps}
          title={t('template.fields.socials.title')}
          hint={t('template.fields.socials.hint')}
        >
          <SocialRows {...socialRows} addText={t('template.fields.socials.add')} />
        </TemplateField>
      </Box>
      {failed && (
        <Typography role="alert" color="error.main" data-testid="template-error">
          {editor.formState.errors.root?.server?.message ?? t('form.checkFields')}
        </Typography>
      )}
      {isAdmin ? (
        <Box>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('template.save')}
          </Button>
        </Box>
      ) : (
        <Typography color="text.secondary">{t('template.adminOnly')}</Typography>
      )}
    </Box>
  );
}

/** Console → Template (issue 27): the brand every linked card shows; locked fields members cannot change, the rest suggested. */
export default function TemplateSection({ business }: { business: TCorporateConsole }) {
  const { t } = useTranslation('console');
  const template = useQuery(consoleQueries.template(business.corporateAccountId));
  return (
    <ConsoleSection title={t('sections.template')} description={t('template.description', { business: business.name })}>
      {template.isPending && <Typography>{t('form.loading')}</Typography>}
      {template.error && (
        <Typography role="alert" color="error.main">
          {errorText(template.error)}
        </Typography>
      )}
      {template.data && <TemplateForm key={template.data.updatedAt ?? 'new'} business={business} template={template.data} />}
    </ConsoleSection>
  );
}
