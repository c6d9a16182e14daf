import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_EVENT_TYPES, ZCreateWebhook, type TCreatedWebhook, type TWebhook } from '@vbc/shared/webhooks';
import { errorText } from '../../api/error-text.ts';
import { queryKeys } from '../../api/query-keys.ts';
import {
  createWebhook,
  deleteWebhook,
  redeliverWebhookAttempt,
  sendWebhookTest,
  updateWebhook,
  webhookQueries,
} from '../../api/webhooks.ts';
import { useFormat } from '../../i18n/format.ts';
import { useProblemText } from '../../i18n/problem-text.ts';
import { emitClientEvent, notify } from '../../platform/events.ts';
import ShownOnce from '../ShownOnce.tsx';

/** How many characters of an answer the attempts list shows. */
const ANSWER_PREVIEW = 200;

/** The endpoint's last attempts: when, the answer's status, how long, its first bytes; each may be sent again. */
function Attempts({ webhook }: { webhook: TWebhook }) {
  const { t } = useTranslation('team');
  const format = useFormat();
  const queryClient = useQueryClient();
  const attempts = useQuery(webhookQueries.attempts(webhook.webhookId));
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.attempts(webhook.webhookId) });
  const redeliver = useMutation({
    mutationFn: (attemptId: string) => redeliverWebhookAttempt(webhook.webhookId, attemptId),
    onSuccess: async () => {
      notify(t('webhooks.attempts.queued'));
      await refresh();
    },
  });
  if (attempts.isPending) return <CircularProgress size={20} aria-label={t('webhooks.attempts.loading')} />;
  if (attempts.isError) return <Typography color="error">{errorText(attempts.error)}</Typography>;
  if (attempts.data.length === 0) return <Typography color="text.secondary">{t('webhooks.attempts.none')}</Typography>;
  return (
    <Box component="ul" aria-label={t('webhooks.attempts.list', { url: webhook.url })} sx={{ p: 0, m: 0, display: 'grid', gap: 1 }}>
      {attempts.data.map((a) => (
        <Box
          component="li"
          key={a.attemptId}
          data-testid="webhook-attempt"
          sx={{ listStyle: 'none', p: 1, borderRadius: 2, border: '1px solid rgba(255,255,255,0.08)', display: 'grid', gap: 0.5 }}
        >
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <Chip
              size="small"
              color={a.succeeded ? 'success' : 'warning'}
              label={a.status === null ? t('webhooks.attempts.noAnswer') : String(a.status)}
            />
            <Typography variant="body2" dir="ltr">
              {a.eventType}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('webhooks.attempts.when', { when: format.dateTime(a.attemptedAt), duration: a.durationMs })}
            </Typography>
            <Button size="small" sx={{ ml: 'auto' }} disabled={redeliver.isPending} onClick={() => redeliver.mutate(a.attemptId)}>
              {t('webhooks.attempts.redeliver')}
            </Button>
          </Box>
          {a.error && (
            <Typography variant="body2" color="warning.main">
              {a.error}
            </Typography>
          )}
          {a.response && (
            <Box
              component="code"
              sx={{ fontSize: 12, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', color: 'text.secondary', fontFamily: 'monospace' }}
            >
              {a.response.slice(0, ANSWER_PREVIEW)}
            </Box>
          )}
        </Box>
      ))}
    </Box>
  );
}

function WebhookRow({ webhook, onDelete, onChanged }: { webhook: TWebhook; onDelete: () => void; onChanged: () => Promise<unknown> }) {
  const { t } = useTranslation('team');
  const [open, setOpen] = useState(false);
  const toggle = useMutation({
    mutationFn: () => updateWebhook(webhook.webhookId, { enabled: !webhook.enabled }),
    onSuccess: async (updated) => {
      notify(updated.enabled ? t('webhooks.turnedOn') : t('webhooks.turnedOff'));
      await onChanged();
    },
  });
  const test = useMutation({
    mutationFn: () => sendWebhookTest(webhook.webhookId),
    onSuccess: () => {
      notify(t('webhooks.testQueued'));
      setOpen(true);
    },
  });
  return (
    <Box
      component="li"
      data-testid="webhook-row"
      sx={{ listStyle: 'none', p: 1.5, borderRadius: 3, border: '1px solid rgba(255,255,255,0.1)', display: 'grid', gap: 1 }}
    >
      <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }} dir="ltr">
        {webhook.url}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
        {webhook.events.map((e) => (
          <Chip key={e} size="small" variant="outlined" label={e} dir="ltr" />
        ))}
        <Chip
          size="small"
          color={webhook.enabled ? 'success' : 'warning'}
          label={
            webhook.enabled
              ? t('webhooks.enabled')
              : webhook.disabledReason
                ? t('webhooks.disabledBecause', { reason: webhook.disabledReason })
                : t('webhooks.disabled')
          }
        />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {webhook.enabled && (
          <Button size="small" variant="outlined" disabled={test.isPending} onClick={() => test.mutate()}>
            {t('webhooks.sendTest')}
          </Button>
        )}
        <Button size="small" variant={webhook.enabled ? 'text' : 'outlined'} disabled={toggle.isPending} onClick={() => toggle.mutate()}>
          {webhook.enabled ? t('webhooks.turnOff') : t('webhooks.turnOn')}
        </Button>
        <Button size="small" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? t('webhooks.hideAttempts') : t('webhooks.showAttempts')}
        </Button>
        <Button size="small" color="error" onClick={onDelete} aria-label={t('webhooks.deleteLabel', { url: webhook.url })}>
          {t('webhooks.delete')}
        </Button>
      </Box>
      {open && <Attempts webhook={webhook} />}
    </Box>
  );
}

/** The form's values: the address and the events (the business, when there is one, is added on send). */
const ZNewWebhook = ZCreateWebhook.pick({ url: true, events: true });

/**
 * Webhooks (issue 26, Settings and the business console): the endpoints with their events and
 * state, their last attempts with "Send test event" and "Redeliver", adding one (its signing
 * secret shown once), deleting.
 */
export default function WebhooksSection({ corporateAccountId = null }: { corporateAccountId?: string | null }) {
  const { t } = useTranslation('team');
  const known = useMemo(() => ({ 'Must be a URL.': t('problems.url'), 'Choose at least one event.': t('problems.oneEvent') }), [t]);
  const problem = useProblemText(known);
  const queryClient = useQueryClient();
  const list = useQuery(webhookQueries.list());
  const hooks = list.data?.filter((h) => h.corporateAccountId === corporateAccountId) ?? [];
  const [created, setCreated] = useState<TCreatedWebhook | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.list() });
  const form = useForm({
    resolver: zodResolver(ZNewWebhook),
    defaultValues: { url: '', events: ['lead.created'] as (typeof WEBHOOK_EVENT_TYPES)[number][] },
    reValidateMode: 'onSubmit',
  });
  const create = useMutation({
    mutationFn: (values: { url: string; events: (typeof WEBHOOK_EVENT_TYPES)[number][] }) =>
      createWebhook({ ...values, ...(corporateAccountId ? { corporateAccountId } : {}) }),
    onSuccess: async (hook) => {
      setCreated(hook);
      form.reset();
      await refresh();
    },
    onError: (error) => form.setError('url', { type: 'server', message: errorText(error).replace(/^url:\s*/, '') }),
  });
  const remove = useMutation({
    mutationFn: (hook: TWebhook) => deleteWebhook(hook.webhookId),
    onSuccess: async () => {
      notify(t('webhooks.deleted'));
      await refresh();
    },
  });
  const askDelete = (hook: TWebhook) =>
    emitClientEvent('prompt', {
      title: t('webhooks.deleteTitle'),
      message: t('webhooks.deleteMessage', { url: hook.url }),
      yesText: t('webhooks.delete'),
      noText: t('cancel'),
      onYes: () => remove.mutateAsync(hook).then(() => undefined),
    });

  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="webhooks">
      <Typography variant="body2" color="text.secondary">
        {t('webhooks.intro')}
      </Typography>
      {created && (
        <ShownOnce
          what="signingSecret"
          value={created.secret}
          copiedText={t('webhooks.copied')}
          onClose={() => setCreated(null)}
          testId="webhook-secret"
        />
      )}
      {list.isPending ? (
        <CircularProgress size={24} aria-label={t('webhooks.loading')} />
      ) : list.isError ? (
        <Typography color="error">{errorText(list.error)}</Typography>
      ) : hooks.length === 0 ? (
        <Typography color="text.secondary">{t('webhooks.none')}</Typography>
      ) : (
        <Box component="ul" aria-label={t('webhooks.list')} sx={{ p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {hooks.map((hook) => (
            <WebhookRow key={hook.webhookId} webhook={hook} onDelete={() => askDelete(hook)} onChanged={refresh} />
          ))}
        </Box>
      )}
      <Box
        component="form"
        noValidate
        aria-label={t('webhooks.add')}
        onSubmit={form.handleSubmit((values) => create.mutate(values))}
        sx={{ display: 'grid', gap: 1 }}
      >
        <Controller
          name="url"
          control={form.control}
          render={({ field, fieldState }) => (
            <TextField
              label={t('webhooks.url')}
              size="small"
              type="url"
              placeholder="https://example.com/hooks/vbc"
              name={field.name}
              value={field.value}
              inputRef={field.ref}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={!!fieldState.error}
              helperText={problem(fieldState.error?.message) ?? ' '}
              slotProps={{ htmlInput: { dir: 'ltr' } }}
            />
          )}
        />
        <Controller
          name="events"
          control={form.control}
          render={({ field, fieldState }) => (
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
              <Typography component="legend" variant="body2" color="text.secondary">
                {t('webhooks.events')}
              </Typography>
              <FormGroup row>
                {WEBHOOK_EVENT_TYPES.map((type) => (
                  <FormControlLabel
                    key={type}
                    label={<bdi dir="ltr">{type}</bdi>}
                    control={
                      <Checkbox
                        checked={field.value.includes(type)}
                        onChange={(e) => field.onChange(e.target.checked ? [...field.value, type] : field.value.filter((t) => t !== type))}
                      />
                    }
                  />
                ))}
              </FormGroup>
              {fieldState.error && <FormHelperText error>{problem(fieldState.error.message)}</FormHelperText>}
            </Box>
          )}
        />
        <Button type="submit" variant="contained" disabled={create.isPending} sx={{ justifySelf: 'start' }}>
          {t('webhooks.addButton')}
        </Button>
      </Box>
    </Box>
  );
}
