import { useMemo } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TCorporateConsole } from '@vbc/shared/corporate';
import { ZAddDomain, ZSsoSettingsInput, type TCorporateDomain, type TSsoSettings } from '@vbc/shared/sso';
import { errorText } from '../../api/error-text.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { addDomain, getSso, listDomains, putSso, verifyDomain } from '../../api/sso.ts';
import { useProblemText } from '../../i18n/problem-text.ts';
import { notify } from '../../platform/events.ts';
import { ConsoleSection } from './ConsoleSection.tsx';

/** A server refusal "field: message" → its field and words. */
const fieldOf = (message: string) => /^([a-zA-Z]+):\s*(.+)$/.exec(message);

/** The shared schemas' messages for domains and single sign-on (@vbc/shared/sso), in the active language. */
function useSsoProblemText() {
  const { t } = useTranslation('team');
  const known = useMemo(
    () => ({
      'Must be a domain name such as example.com.': t('problems.domain'),
      'Must be a URL.': t('problems.url'),
      'Name at least one verified domain.': t('problems.oneDomain'),
      'At most 50 domains.': t('problems.atMostDomains', { count: 50 }),
      ...Object.fromEntries([253, 512, 2048].map((count) => [`At most ${count} characters.`, t('problems.atMost', { count })])),
    }),
    [t],
  );
  return useProblemText(known);
}

/** A URL or address shown as code, left to right in every language. */
const codeTag = <code dir="ltr" style={{ overflowWrap: 'anywhere' }} />;

/**
 * Console (issue 27): the business's e-mail domains, proved by a token served on the domain, and
 * its single sign-on (an OpenID Connect identity provider for some of those domains). Admins only.
 */
export default function SsoSection({ business }: { business: TCorporateConsole }) {
  const { t } = useTranslation('team');
  const id = business.corporateAccountId;
  const isAdmin = business.role === 'admin';
  const domains = useQuery({ queryKey: queryKeys.sso.domains(id), queryFn: () => listDomains(id), enabled: isAdmin });
  const sso = useQuery({ queryKey: queryKeys.sso.settings(id), queryFn: () => getSso(id), enabled: isAdmin });

  if (!isAdmin) {
    return (
      <ConsoleSection title={t('sso.title')}>
        <Typography color="text.secondary">{t('sso.notAdmin')}</Typography>
      </ConsoleSection>
    );
  }
  const failed = domains.error ?? sso.error;
  return (
    <>
      <ConsoleSection title={t('sso.domains.title')} description={t('sso.domains.description')}>
        <AddDomainForm corporateAccountId={id} />
        {failed && (
          <Typography role="alert" color="error.main">
            {errorText(failed)}
          </Typography>
        )}
        {domains.data?.length === 0 && <Typography color="text.secondary">{t('sso.domains.none')}</Typography>}
        {domains.data && domains.data.length > 0 && (
          <Box component="ul" aria-label={t('sso.domains.list')} sx={{ p: 0, m: 0, display: 'grid', gap: 1.5, listStyle: 'none' }}>
            {domains.data.map((d) => (
              <DomainRow key={d.domain} corporateAccountId={id} domain={d} />
            ))}
          </Box>
        )}
      </ConsoleSection>
      {domains.data && sso.isSuccess && (
        <SsoForm
          key={sso.data?.updatedAt ?? 'none'}
          corporateAccountId={id}
          settings={sso.data}
          verified={domains.data.filter((d) => d.verified).map((d) => d.domain)}
        />
      )}
    </>
  );
}

function AddDomainForm({ corporateAccountId }: { corporateAccountId: string }) {
  const { t } = useTranslation('team');
  const problem = useSsoProblemText();
  const client = useQueryClient();
  const form = useForm({ resolver: zodResolver(ZAddDomain), defaultValues: { domain: '' }, mode: 'onTouched' });
  const add = useMutation({
    mutationFn: (domain: string) => addDomain(corporateAccountId, domain),
    onSuccess: async () => {
      form.reset();
      await client.invalidateQueries({ queryKey: queryKeys.sso.domains(corporateAccountId) });
    },
    onError: (error) => form.setError('domain', { type: 'server', message: errorText(error).replace(/^domain:\s*/, '') }),
  });
  return (
    <Box
      component="form"
      aria-label={t('sso.domains.add')}
      noValidate
      onSubmit={form.handleSubmit((values) => add.mutate(values.domain))}
      sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}
    >
      <Controller
        name="domain"
        control={form.control}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            label={t('sso.domains.field')}
            placeholder="example.com"
            slotProps={{ htmlInput: { dir: 'ltr' } }}
            size="small"
            error={!!fieldState.error}
            helperText={problem(fieldState.error?.message) ?? ' '}
            sx={{ flex: '1 1 240px' }}
          />
        )}
      />
      <Button type="submit" variant="contained" disabled={add.isPending}>
        {t('sso.domains.addButton')}
      </Button>
    </Box>
  );
}

function DomainRow({ corporateAccountId, domain }: { corporateAccountId: string; domain: TCorporateDomain }) {
  const { t } = useTranslation('team');
  const client = useQueryClient();
  const verify = useMutation({
    mutationFn: () => verifyDomain(corporateAccountId, domain.domain),
    onSuccess: async () => {
      notify(t('sso.domains.verifiedNotice', { domain: domain.domain }));
      await client.invalidateQueries({ queryKey: queryKeys.sso.all });
    },
    onError: () => undefined,
  });
  return (
    <Box
      component="li"
      aria-label={domain.domain}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5, display: 'grid', gap: 1 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{domain.domain}</Typography>
        <Chip
          size="small"
          color={domain.verified ? 'success' : 'default'}
          label={domain.verified ? t('sso.domains.verified') : t('sso.domains.notVerified')}
        />
      </Box>
      {!domain.verified && (
        <>
          <Typography variant="body2">
            <Trans t={t} i18nKey="sso.domains.serve" values={{ url: domain.fileUrl }} components={{ code: codeTag }} />
          </Typography>
          <Box
            component="code"
            dir="ltr"
            data-testid="domain-token"
            sx={{ overflowWrap: 'anywhere', bgcolor: 'action.hover', p: 1, borderRadius: 1 }}
          >
            {domain.token}
          </Box>
          {verify.error && (
            <Typography role="alert" variant="body2" color="error.main">
              {errorText(verify.error).replace(/^domain:\s*/, '')}
            </Typography>
          )}
          <Box>
            <Button variant="outlined" onClick={() => verify.mutate()} disabled={verify.isPending}>
              <Trans t={t} i18nKey="sso.domains.verify" values={{ domain: domain.domain }} components={{ ltr: <bdi dir="ltr" /> }} />
            </Button>
          </Box>
        </>
      )}
    </Box>
  );
}

/** The form's values: the request, the secret left empty to keep the stored one. */
const ZSsoForm = ZSsoSettingsInput.extend({ clientSecret: z.string().max(2048) });
type TSsoForm = z.input<typeof ZSsoForm>;

function SsoForm({
  corporateAccountId,
  settings,
  verified,
}: {
  corporateAccountId: string;
  settings: TSsoSettings | null;
  verified: string[];
}) {
  const { t } = useTranslation('team');
  const problem = useSsoProblemText();
  const client = useQueryClient();
  const form = useForm<TSsoForm>({
    resolver: zodResolver(ZSsoForm),
    defaultValues: {
      issuer: settings?.issuer ?? '',
      clientId: settings?.clientId ?? '',
      clientSecret: '',
      domains: settings?.domains ?? [],
      requireSso: settings?.requireSso ?? false,
    },
    mode: 'onTouched',
  });
  const save = useMutation({
    mutationFn: (values: TSsoForm) => putSso(corporateAccountId, { ...values, clientSecret: values.clientSecret || undefined }),
    onSuccess: async () => {
      notify(t('sso.form.saved'));
      await client.invalidateQueries({ queryKey: queryKeys.sso.settings(corporateAccountId) });
    },
    onError: (error) => {
      const message = errorText(error);
      const field = fieldOf(message);
      if (field && ['issuer', 'clientId', 'clientSecret', 'domains'].includes(field[1]!)) {
        form.setError(field[1] as keyof TSsoForm, { type: 'server', message: field[2]! });
      } else form.setError('root.server', { type: 'server', message });
    },
  });
  const text = (
    name: 'issuer' | 'clientId' | 'clientSecret',
    label: string,
    props: { type?: string; placeholder?: string; autoComplete?: string; hint?: string } = {},
  ) => (
    <Controller
      name={name}
      control={form.control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          label={label}
          size="small"
          fullWidth
          type={props.type}
          placeholder={props.placeholder}
          autoComplete={props.autoComplete}
          slotProps={{ htmlInput: { dir: 'ltr' } }}
          error={!!fieldState.error}
          helperText={problem(fieldState.error?.message) ?? props.hint ?? ' '}
        />
      )}
    />
  );
  return (
    <ConsoleSection title={t('sso.form.title')} description={t('sso.form.description')}>
      <Typography variant="body2">
        <Trans
          t={t}
          i18nKey="sso.form.redirect"
          values={{ uri: settings?.redirectUri ?? `${window.location.origin}/api/sso/callback` }}
          components={{ code: codeTag }}
        />
      </Typography>
      <Box
        component="form"
        aria-label={t('sso.form.label')}
        noValidate
        onSubmit={form.handleSubmit((v) => save.mutate(v))}
        sx={{ display: 'grid', gap: 1 }}
      >
        {text('issuer', t('sso.form.issuer'), { placeholder: 'https://login.example.com', type: 'url' })}
        {text('clientId', t('sso.form.clientId'))}
        {text('clientSecret', t('sso.form.clientSecret'), {
          type: 'password',
          autoComplete: 'new-password',
          hint: settings?.hasClientSecret ? t('sso.form.secretKept') : undefined,
        })}
        <Controller
          name="domains"
          control={form.control}
          render={({ field, fieldState }) => (
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
              <Typography component="legend" variant="body2" sx={{ fontWeight: 700 }}>
                {t('sso.form.domains')}
              </Typography>
              {verified.length === 0 && <Typography color="text.secondary">{t('sso.form.verifyFirst')}</Typography>}
              {verified.map((d) => (
                <FormControlLabel
                  key={d}
                  label={d}
                  control={
                    <Checkbox
                      checked={field.value.includes(d)}
                      onChange={(e) => field.onChange(e.target.checked ? [...field.value, d] : field.value.filter((v) => v !== d))}
                    />
                  }
                />
              ))}
              {fieldState.error && (
                <Typography role="alert" variant="body2" color="error.main">
                  {problem(fieldState.error.message)}
                </Typography>
              )}
            </Box>
          )}
        />
        <Controller
          name="requireSso"
          control={form.control}
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} />}
              label={t('sso.form.require')}
            />
          )}
        />
        {form.formState.errors.root?.server && (
          <Typography role="alert" color="error.main">
            {form.formState.errors.root.server.message}
          </Typography>
        )}
        <Box>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('sso.form.save')}
          </Button>
        </Box>
      </Box>
    </ConsoleSection>
  );
}
