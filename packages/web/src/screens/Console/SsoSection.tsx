import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
import { notify } from '../../platform/events.ts';
import { ConsoleSection } from './ConsoleSection.tsx';

/** A server refusal "field: message" → its field and words. */
const fieldOf = (message: string) => /^([a-zA-Z]+):\s*(.+)$/.exec(message);

/**
 * Console (issue 27): the business's e-mail domains, proved by a token served on the domain, and
 * its single sign-on (an OpenID Connect identity provider for some of those domains). Admins only.
 */
export default function SsoSection({ business }: { business: TCorporateConsole }) {
  const id = business.corporateAccountId;
  const isAdmin = business.role === 'admin';
  const domains = useQuery({ queryKey: queryKeys.sso.domains(id), queryFn: () => listDomains(id), enabled: isAdmin });
  const sso = useQuery({ queryKey: queryKeys.sso.settings(id), queryFn: () => getSso(id), enabled: isAdmin });

  if (!isAdmin) {
    return (
      <ConsoleSection title="Domains and SSO">
        <Typography color="text.secondary">Only an admin manages the business&apos;s domains and single sign-on.</Typography>
      </ConsoleSection>
    );
  }
  const failed = domains.error ?? sso.error;
  return (
    <>
      <ConsoleSection
        title="Domains"
        description="Prove the e-mail domains your business owns: serve the token shown at the address shown, then press Verify."
      >
        <AddDomainForm corporateAccountId={id} />
        {failed && (
          <Typography role="alert" color="error.main">
            {errorText(failed)}
          </Typography>
        )}
        {domains.data?.length === 0 && <Typography color="text.secondary">No domains yet.</Typography>}
        {domains.data && domains.data.length > 0 && (
          <Box component="ul" aria-label="Domains" sx={{ p: 0, m: 0, display: 'grid', gap: 1.5, listStyle: 'none' }}>
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
      aria-label="Add a domain"
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
            label="Domain"
            placeholder="example.com"
            size="small"
            error={!!fieldState.error}
            helperText={fieldState.error?.message ?? ' '}
            sx={{ flex: '1 1 240px' }}
          />
        )}
      />
      <Button type="submit" variant="contained" disabled={add.isPending}>
        Add domain
      </Button>
    </Box>
  );
}

function DomainRow({ corporateAccountId, domain }: { corporateAccountId: string; domain: TCorporateDomain }) {
  const client = useQueryClient();
  const verify = useMutation({
    mutationFn: () => verifyDomain(corporateAccountId, domain.domain),
    onSuccess: async () => {
      notify(`${domain.domain} is verified`);
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
        <Chip size="small" color={domain.verified ? 'success' : 'default'} label={domain.verified ? 'Verified' : 'Not verified yet'} />
      </Box>
      {!domain.verified && (
        <>
          <Typography variant="body2">
            Serve this line at <code style={{ overflowWrap: 'anywhere' }}>{domain.fileUrl}</code>:
          </Typography>
          <Box
            component="code"
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
              Verify {domain.domain}
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
      notify('Single sign-on saved');
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
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? props.hint ?? ' '}
        />
      )}
    />
  );
  return (
    <ConsoleSection
      title="Single sign-on"
      description="Your people sign in with your identity provider (OpenID Connect). Register this redirect URI there first."
    >
      <Typography variant="body2">
        Redirect URI:{' '}
        <code style={{ overflowWrap: 'anywhere' }}>{settings?.redirectUri ?? `${window.location.origin}/api/sso/callback`}</code>
      </Typography>
      <Box
        component="form"
        aria-label="Single sign-on"
        noValidate
        onSubmit={form.handleSubmit((v) => save.mutate(v))}
        sx={{ display: 'grid', gap: 1 }}
      >
        {text('issuer', 'Issuer URL', { placeholder: 'https://login.example.com', type: 'url' })}
        {text('clientId', 'Client ID')}
        {text('clientSecret', 'Client secret', {
          type: 'password',
          autoComplete: 'new-password',
          hint: settings?.hasClientSecret ? 'A secret is stored: leave empty to keep it.' : undefined,
        })}
        <Controller
          name="domains"
          control={form.control}
          render={({ field, fieldState }) => (
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
              <Typography component="legend" variant="body2" sx={{ fontWeight: 700 }}>
                Domains it signs in
              </Typography>
              {verified.length === 0 && <Typography color="text.secondary">Verify a domain first.</Typography>}
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
                  {fieldState.error.message}
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
              label="Require SSO: no one-time codes for these domains"
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
            Save single sign-on
          </Button>
        </Box>
      </Box>
    </ConsoleSection>
  );
}
