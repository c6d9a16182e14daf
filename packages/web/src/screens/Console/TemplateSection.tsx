import { useId, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
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
import { TEMPLATE_FIELD_LABELS, type TCorporateTemplate, type TTemplateField } from '@vbc/shared/team-template';
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
import { templates } from '../../components/editor/TemplatePicker.tsx';
import { THEMES } from '../ContactEdit/sections/DesignSection.tsx';
import { ConsoleSection } from './ConsoleSection.tsx';
import PictureField from './PictureField.tsx';
import { templateFormToInput, templateToForm, withLock, ZTemplateForm, type TTemplateForm } from './template-form.ts';

/** Each layout's name and line, as the card editor's picker says them (in the active language). */
const layoutLabels = (t: (key: string) => string) =>
  Object.fromEntries(templates(t).map((l) => [l.design, `${l.label} (${l.text.toLowerCase()})`])) as Record<TDesign, string>;

const ACCENTS = [
  { key: 'accentColor1', label: 'Main accent' },
  { key: 'accentColor2', label: 'Second accent' },
  { key: 'accentColor3', label: 'Highlight' },
] as const;

/**
 * One field of the template: its controls, then its "Lock …" switch saying what the choice means
 * (locked: members cannot change it; suggested: members may).
 */
function TemplateField({
  field,
  title,
  hint,
  locked,
  onLock,
  children,
}: {
  field: TTemplateField;
  /** A heading for the field; omitted where the controls bring their own (pictures). */
  title?: string;
  hint?: string;
  locked: boolean;
  onLock: (on: boolean) => void;
  children: ReactNode;
}) {
  const stateId = useId();
  const label = TEMPLATE_FIELD_LABELS[field];
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
            <Switch checked={locked} onChange={(e) => onLock(e.target.checked)} slotProps={{ input: { 'aria-describedby': stateId } }} />
          }
          label={`Lock ${label.toLowerCase()}`}
        />
        <Typography
          id={stateId}
          variant="body2"
          color={locked ? 'primary.light' : 'text.secondary'}
          sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}
        >
          {locked ? <LockIcon fontSize="small" aria-hidden /> : <LockOpenIcon fontSize="small" aria-hidden />}
          {locked ? 'Locked: members cannot change it.' : 'Suggested: members may change it.'}
        </Typography>
      </Box>
    </Box>
  );
}

function TemplateForm({ business, template }: { business: TCorporateConsole; template: TCorporateTemplate }) {
  const { t } = useTranslation('editor');
  const layoutLabel = layoutLabels(t);
  const client = useQueryClient();
  // Checked on Save; after a first try, every change checks the whole form again.
  const editor = useForm<TTemplateForm>({
    resolver: friendlyResolver(zodResolver(ZTemplateForm, undefined, { raw: true })),
    defaultValues: templateToForm(template),
    shouldFocusError: false,
  });
  const form = editor.watch();
  const errors = flatFieldErrors(editor.formState.errors);
  const isAdmin = business.role === 'admin';
  const save = useMutation({
    mutationFn: (values: TTemplateForm) => saveTemplate(business.corporateAccountId, templateFormToInput(values)),
    onSuccess: (saved) => {
      client.setQueryData(queryKeys.console.template(business.corporateAccountId), saved);
      editor.reset(templateToForm(saved));
      notify('Template saved: every linked card shows it now.');
    },
    onError: (error) => {
      const fields = error instanceof HttpError && error.status === 400 ? serverFieldErrors(error.message) : {};
      for (const [path, message] of Object.entries(fields)) editor.setError(path as keyof TTemplateForm, { type: 'server', message });
      editor.setError('root.server', { type: 'server', message: `Not saved: ${errorText(error)}` });
    },
  });
  const set = <K extends keyof TTemplateForm>(key: K, value: TTemplateForm[K] | ((prev: TTemplateForm[K]) => TTemplateForm[K])) => {
    const next = typeof value === 'function' ? (value as (prev: TTemplateForm[K]) => TTemplateForm[K])(editor.getValues(key)) : value;
    editor.setValue(key, next as never, { shouldDirty: true });
    if (editor.formState.isSubmitted) void editor.trigger();
  };
  const lockProps = (field: TTemplateField) => ({
    field,
    locked: form.locked.includes(field),
    onLock: (on: boolean) => set('locked', (locked) => withLock(locked, field, on)),
  });
  /** What a list editor takes for one of the template's lists. */
  const listProps = <K extends 'links' | 'locations' | 'socialMedias'>(path: K) => ({
    rows: form[path],
    onChange: (update: (rows: TTemplateForm[K]) => TTemplateForm[K]) => set(path, update),
    errors,
    path,
  });
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
          Locked or suggested
        </Typography>
        <Typography variant="body2">
          <strong>Locked</strong>: every linked card shows the template&apos;s value (an empty locked list shows none), and members see it
          read-only in their editor, marked &ldquo;set by {business.name}&rdquo;.
        </Typography>
        <Typography variant="body2">
          <strong>Suggested</strong> (not locked): a linked card shows the template&apos;s value while the member has none of their own, and
          members may change it. Empty fields that are not locked are not part of the template.
        </Typography>
      </Alert>
      <Box
        component="fieldset"
        disabled={!isAdmin}
        sx={{ border: 0, p: 0, m: 0, minWidth: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}
      >
        <TemplateField {...lockProps('designSpecification')} title="Layout and colours" hint="The layout and colours of every linked card.">
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '1fr 1fr' } }}>
            <TextField
              select
              size="small"
              label="Layout"
              value={form.design}
              onChange={(e) => set('design', e.target.value as TDesign | '')}
            >
              <MenuItem value="">Members choose</MenuItem>
              {DESIGNS.map((d) => (
                <MenuItem key={d} value={d}>
                  {layoutLabel[d]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label="Colour theme"
              value={form.theme}
              onChange={(e) => set('theme', e.target.value)}
              disabled={!form.design}
            >
              {THEMES.map((theme) => (
                <MenuItem key={theme.designation} value={theme.designation}>
                  {theme.label}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, 1fr)' } }}>
            {ACCENTS.map(({ key, label }) => (
              <Field
                key={key}
                label={label}
                value={form[key]}
                onChange={(v) => set(key, v)}
                disabled={!form.design}
                placeholder="#RRGGBB"
                helperText="#RRGGBB, empty for the default"
                error={errors[`designSpecification.${key}`]}
              />
            ))}
          </Box>
        </TemplateField>
        <TemplateField {...lockProps('organization')} title="Organization" hint="The company's name as every card spells it.">
          <Field label="Organization" value={form.organization} onChange={(v) => set('organization', v)} error={errors.organization} />
        </TemplateField>
        <TemplateField {...lockProps('about')} title="About the company" hint="A section of the card, written in markdown.">
          <Field
            label="About the company"
            value={form.about}
            onChange={(v) => set('about', v)}
            multiline
            minRows={3}
            helperText="Markdown"
            error={errors.about}
          />
        </TemplateField>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '1fr 1fr' } }}>
          <TemplateField {...lockProps('logoDisplayItemId')}>
            <PictureField
              title="Logo"
              heading="h3"
              shape="square"
              testId="template-logo-input"
              value={form.logo}
              onChange={(logo) => set('logo', logo)}
              error={errors.logoDisplayItemId}
              hint="Shown at the top of every linked card."
            />
          </TemplateField>
          <TemplateField {...lockProps('heroImageDisplayItemId')}>
            <PictureField
              title="Cover image"
              heading="h3"
              shape="wide"
              size="highRes"
              testId="template-cover-input"
              value={form.hero}
              onChange={(hero) => set('hero', hero)}
              error={errors.heroImageDisplayItemId}
              hint="Shown on the Social layout."
            />
          </TemplateField>
        </Box>
        <TemplateField {...lockProps('links')} title="Company links" hint="The site, shop, careers page… in this order.">
          <LinkRows {...listProps('links')} addText="+ Add a company link" />
        </TemplateField>
        <TemplateField {...lockProps('locations')} title="Office locations" hint="Open in maps.">
          <LocationRows {...listProps('locations')} addText="+ Add an office location" />
        </TemplateField>
        <TemplateField {...lockProps('socialMedias')} title="Social links" hint="The company's own accounts.">
          <SocialRows {...listProps('socialMedias')} addText="+ Add a social link" />
        </TemplateField>
      </Box>
      {failed && (
        <Typography role="alert" color="error.main" data-testid="template-error">
          {editor.formState.errors.root?.server?.message ?? 'Check the fields marked in red.'}
        </Typography>
      )}
      {isAdmin ? (
        <Box>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            Save template
          </Button>
        </Box>
      ) : (
        <Typography color="text.secondary">Only an admin changes the template.</Typography>
      )}
    </Box>
  );
}

/** Console → Template (issue 27): the brand every linked card shows; locked fields members cannot change, the rest suggested. */
export default function TemplateSection({ business }: { business: TCorporateConsole }) {
  const template = useQuery(consoleQueries.template(business.corporateAccountId));
  return (
    <ConsoleSection
      title="Template"
      description={`What every card linked to ${business.name} shows. A locked field is the template's on every card; the others are suggestions members may change.`}
    >
      {template.isPending && <Typography>Loading…</Typography>}
      {template.error && (
        <Typography role="alert" color="error.main">
          {errorText(template.error)}
        </Typography>
      )}
      {template.data && <TemplateForm key={template.data.updatedAt ?? 'new'} business={business} template={template.data} />}
    </ConsoleSection>
  );
}
