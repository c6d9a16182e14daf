import { useTranslation } from 'react-i18next';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ContactPageIcon from '@mui/icons-material/ContactPage';
import DeleteIcon from '@mui/icons-material/DeleteForever';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { LEAD_NOTE_MAX_LENGTH, LEAD_STATUSES, LEAD_TAGS_MAX, ZLeadUpdate, type TLead, type TLeadStatus } from '@vbc/shared/leads';
import { HttpError } from '../../api/http.ts';
import { errorText } from '../../api/error-text.ts';
import { deleteLead, leadQueries, updateLead } from '../../api/leads.ts';
import { queryKeys } from '../../api/query-keys.ts';
import EmptyState from '../../components/EmptyState.tsx';
import LoadingScreen from '../../components/LoadingScreen.tsx';
import { leadStatusText } from '../../components/leads/lead-texts.ts';
import { LeadConsent, LeadContact, LeadHeading } from '../../components/leads/LeadSummary.tsx';
import { emitClientEvent, notify } from '../../platform/events.ts';

/** The owner's note and tags, as the shared update schema checks them. */
const ZNotes = ZLeadUpdate.pick({ note: true, tags: true }).required();

/** Route /leads/:leadId: one lead, with its links, status, note, tags and delete; opening it marks it seen. */
export default function LeadDetail({ leadId }: { leadId: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation('leads');
  const lead = useQuery(leadQueries.one(leadId));
  const apply = async (next: TLead) => {
    queryClient.setQueryData(queryKeys.leads.one(leadId), next);
    await queryClient.invalidateQueries({ queryKey: queryKeys.leads.all, predicate: (q) => q.queryKey[1] !== 'one' });
  };
  const seen = useMutation({ mutationFn: () => updateLead(leadId, { seen: true }), onSuccess: apply, onError: () => undefined });
  const setStatus = useMutation({
    mutationFn: (status: TLeadStatus) => updateLead(leadId, { status }),
    onSuccess: apply,
  });
  const remove = useMutation({
    mutationFn: () => deleteLead(leadId),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: queryKeys.leads.one(leadId) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.leads.all });
      notify(t('detail.deleted'));
      navigate('/leads', { replace: true });
    },
  });

  const data = lead.data;
  const name = data?.name;
  useEffect(() => {
    if (name) document.title = name;
  }, [name]);
  // Opening an unread lead marks it seen, once.
  const marked = useRef(false);
  const unseen = data ? !data.seen : false;
  const { mutate: markSeen } = seen;
  useEffect(() => {
    if (!unseen || marked.current) return;
    marked.current = true;
    markSeen();
  }, [unseen, markSeen]);

  if (lead.isPending) return <LoadingScreen />;
  if (lead.isError || !data) {
    const missing = lead.error instanceof HttpError && lead.error.status === 404;
    return (
      <EmptyState
        icon={<ContactPageIcon />}
        title={missing ? t('detail.notFound') : t('title')}
        text={missing ? t('detail.maybeDeleted') : errorText(lead.error)}
        action={
          <Button component={RouterLink} to="/leads" sx={{ mt: 1 }}>
            {t('detail.all')}
          </Button>
        }
      />
    );
  }

  const askDelete = () =>
    emitClientEvent('prompt', {
      title: t('detail.deleteTitle'),
      message: t('detail.deleteMessage', { name: data.name }),
      yesText: t('detail.delete'),
      noText: t('detail.cancel'),
      onYes: () => remove.mutateAsync().then(() => undefined),
    });

  return (
    <Box
      component="main"
      sx={{
        maxWidth: 760,
        mx: 'auto',
        px: 2,
        pt: { xs: 2, sm: 4 },
        pb: 6,
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr)',
        gap: 2.5,
      }}
    >
      <Button component={RouterLink} to="/leads" startIcon={<ArrowBackIcon />} sx={{ justifySelf: 'start' }}>
        {t('detail.all')}
      </Button>
      <LeadHeading lead={data} />
      <LeadContact lead={data} />

      <TextField
        select
        label={t('list.status')}
        size="small"
        value={data.status}
        disabled={setStatus.isPending}
        onChange={(e) => setStatus.mutate(e.target.value as TLeadStatus)}
        sx={{ maxWidth: 240 }}
      >
        {LEAD_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {leadStatusText(t, s)}
          </MenuItem>
        ))}
      </TextField>

      <NotesForm key={data.leadId} lead={data} onSaved={apply} />

      <LeadConsent lead={data} />

      <Button color="error" variant="outlined" startIcon={<DeleteIcon />} onClick={askDelete} sx={{ justifySelf: 'start' }}>
        {t('detail.delete')}
      </Button>
    </Box>
  );
}

/** The owner's note and tags, saved together. */
function NotesForm({ lead, onSaved }: { lead: TLead; onSaved: (next: TLead) => Promise<void> }) {
  const { t } = useTranslation('leads');
  const form = useForm({
    resolver: zodResolver(ZNotes),
    defaultValues: { note: lead.note ?? '', tags: lead.tags },
    mode: 'onTouched',
  });
  const save = useMutation({
    mutationFn: (changes: { note: string | null; tags: string[] }) => updateLead(lead.leadId, changes),
    onSuccess: async (next) => {
      await onSaved(next);
      form.reset({ note: next.note ?? '', tags: next.tags });
      notify(t('notes.saved'));
    },
    onError: (error) => form.setError('note', { type: 'server', message: errorText(error) }),
  });
  return (
    <Box
      component="form"
      noValidate
      onSubmit={form.handleSubmit((values) => save.mutate({ note: values.note ?? null, tags: values.tags }))}
      sx={{ display: 'grid', gap: 1.5 }}
    >
      <Controller
        name="note"
        control={form.control}
        render={({ field, fieldState }) => (
          <TextField
            label={t('notes.note')}
            multiline
            minRows={2}
            name={field.name}
            value={field.value ?? ''}
            inputRef={field.ref}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={!!fieldState.error}
            helperText={fieldState.error?.message ?? t('notes.count', { length: (field.value ?? '').length, max: LEAD_NOTE_MAX_LENGTH })}
          />
        )}
      />
      <Controller
        name="tags"
        control={form.control}
        render={({ field, fieldState }) => (
          <Autocomplete
            multiple
            freeSolo
            options={[] as string[]}
            value={field.value ?? []}
            onChange={(_, next) =>
              field.onChange(
                next
                  .map((tag) => tag.trim())
                  .filter(Boolean)
                  .slice(0, LEAD_TAGS_MAX),
              )
            }
            renderValue={(values, getItemProps) =>
              values.map((tag, index) => {
                const { key, ...props } = getItemProps({ index });
                return <Chip key={key} label={tag} size="small" {...props} />;
              })
            }
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('notes.tags')}
                error={!!fieldState.error}
                helperText={fieldState.error?.message ?? t('notes.tagsHelp')}
              />
            )}
          />
        )}
      />
      <Button type="submit" variant="contained" disabled={save.isPending || !form.formState.isDirty} sx={{ justifySelf: 'start' }}>
        {t('notes.save')}
      </Button>
    </Box>
  );
}
