import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DESIGNS } from '@vbc/shared/contact';
import type { TCorporateConsole } from '@vbc/shared/corporate';
import { TEMPLATE_FIELD_LABELS, type TCorporateTemplate, type TTemplateField } from '@vbc/shared/team-template';
import { saveTemplate } from '../../api/corporate.ts';
import { errorText } from '../../api/http.ts';
import { consoleQueries } from '../../api/queries.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { notify } from '../../platform/events.ts';
import Field from '../../components/editor/Field.tsx';
import { THEMES } from '../ContactEdit/sections/DesignSection.tsx';
import { ConsoleSection } from './ConsoleSection.tsx';

interface TTemplateForm {
  design: string;
  theme: string;
  accentColor1: string;
  organization: string;
  about: string;
  linkUrl: string;
  linkName: string;
  locked: Record<TTemplateField, boolean>;
}

function toForm(t: TCorporateTemplate): TTemplateForm {
  return {
    design: t.designSpecification?.design.designation ?? '',
    theme: t.designSpecification?.theme.designation ?? 'dark',
    accentColor1: t.designSpecification?.accentColor1 ?? '',
    organization: t.organization ?? '',
    about: t.about ?? '',
    linkUrl: t.links[0]?.linkUrl ?? '',
    linkName: t.links[0]?.linkName ?? '',
    locked: Object.fromEntries(
      Object.keys(TEMPLATE_FIELD_LABELS).map((f) => [f, t.locked.includes(f as TTemplateField)]),
    ) as TTemplateForm['locked'],
  };
}

/** The form → the PUT body; the fields this form does not edit (locations, social links, pictures, further links) stay as they were. */
function toInput(form: TTemplateForm, was: TCorporateTemplate) {
  const design = form.design as (typeof DESIGNS)[number] | '';
  return {
    designSpecification: design
      ? {
          design: { designation: design },
          theme: { designation: form.theme },
          accentColor1: form.accentColor1.trim() || null,
          accentColor2: null,
          accentColor3: null,
        }
      : null,
    organization: form.organization.trim() || null,
    about: form.about.trim() || null,
    links: form.linkUrl.trim()
      ? [{ linkUrl: form.linkUrl.trim(), linkName: form.linkName.trim() || null }, ...was.links.slice(1)]
      : was.links.slice(1),
    locations: was.locations,
    socialMedias: was.socialMedias,
    logoDisplayItemId: was.logoDisplayItemId,
    heroImageDisplayItemId: was.heroImageDisplayItemId,
    locked: (Object.keys(form.locked) as TTemplateField[]).filter((f) => form.locked[f]),
  };
}

function TemplateForm({ business, template }: { business: TCorporateConsole; template: TCorporateTemplate }) {
  const client = useQueryClient();
  const editor = useForm<TTemplateForm>({ defaultValues: toForm(template) });
  const form = editor.watch();
  const isAdmin = business.role === 'admin';
  const save = useMutation({
    mutationFn: (values: TTemplateForm) => saveTemplate(business.corporateAccountId, toInput(values, template)),
    onSuccess: (saved) => {
      client.setQueryData(queryKeys.console.template(business.corporateAccountId), saved);
      editor.reset(toForm(saved));
      notify('Template saved: every linked card shows it now.');
    },
    onError: (error) => editor.setError('root.server', { type: 'server', message: errorText(error) }),
  });
  const set = <K extends keyof TTemplateForm>(key: K, value: TTemplateForm[K]) =>
    editor.setValue(key, value as never, { shouldDirty: true });
  const lock = (field: TTemplateField) => (
    <FormControlLabel
      control={<Checkbox checked={form.locked[field]} onChange={(e) => set('locked', { ...form.locked, [field]: e.target.checked })} />}
      label={`Lock ${TEMPLATE_FIELD_LABELS[field].toLowerCase()}`}
    />
  );
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => void editor.handleSubmit((values) => save.mutate(values))(e)}
      sx={{ display: 'grid', gap: 2 }}
    >
      <Box component="fieldset" disabled={!isAdmin} sx={{ border: 0, p: 0, m: 0, minWidth: 0, display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
          <TextField select label="Layout" value={form.design} onChange={(e) => set('design', e.target.value)}>
            <MenuItem value="">Members choose</MenuItem>
            {DESIGNS.map((d) => (
              <MenuItem key={d} value={d}>
                {d[0]!.toUpperCase() + d.slice(1)}
              </MenuItem>
            ))}
          </TextField>
          <TextField select label="Colour theme" value={form.theme} onChange={(e) => set('theme', e.target.value)} disabled={!form.design}>
            {THEMES.map((t) => (
              <MenuItem key={t.designation} value={t.designation}>
                {t.label}
              </MenuItem>
            ))}
          </TextField>
          <Field label="Accent colour" value={form.accentColor1} onChange={(v) => set('accentColor1', v)} helperText="#RRGGBB" />
        </Box>
        {lock('designSpecification')}
        <Field label="Organization" value={form.organization} onChange={(v) => set('organization', v)} />
        {lock('organization')}
        <Field label="About the company" value={form.about} onChange={(v) => set('about', v)} multiline minRows={3} helperText="Markdown" />
        {lock('about')}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <Field label="Company link" value={form.linkUrl} onChange={(v) => set('linkUrl', v)} />
          <Field label="Link name" value={form.linkName} onChange={(v) => set('linkName', v)} />
        </Box>
        {lock('links')}
      </Box>
      {editor.formState.errors.root?.server && (
        <Typography role="alert" color="error.main">
          {editor.formState.errors.root.server.message}
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
