import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TCorporateConsole } from '@vbc/shared/corporate';
import type { TScimToken, TScimTokenCreated } from '@vbc/shared/scim';
import { createScimToken, revokeScimToken } from '../../api/corporate.ts';
import { errorText } from '../../api/error-text.ts';
import { consoleQueries } from '../../api/queries.ts';
import { queryKeys } from '../../api/query-keys.ts';
import ShownOnce from '../../components/ShownOnce.tsx';
import { useFormat } from '../../i18n/format.ts';
import { emitClientEvent, notify } from '../../platform/events.ts';
import { ConsoleList, ConsoleRow, ConsoleSection } from './ConsoleSection.tsx';

/**
 * Console (admin), issue 27: SCIM provisioning. The base URL to give the identity provider, the
 * business's SCIM tokens (a new one shown once), each revocable.
 */
export default function ProvisioningSection({ business }: { business: TCorporateConsole }) {
  const { t } = useTranslation('team');
  const format = useFormat();
  const id = business.corporateAccountId;
  const client = useQueryClient();
  const isAdmin = business.role === 'admin';
  const tokens = useQuery({ ...consoleQueries.scimTokens(id), enabled: isAdmin });
  const [created, setCreated] = useState<TScimTokenCreated | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.console.scimTokens(id) });
  const create = useMutation({
    mutationFn: () => createScimToken(id),
    onSuccess: async (token) => {
      setCreated(token);
      await refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: (tokenId: string) => revokeScimToken(id, tokenId),
    onSuccess: async (_, tokenId) => {
      if (created?.id === tokenId) setCreated(null);
      notify(t('scim.revoked'));
      await refresh();
    },
  });
  const askRevoke = (token: TScimToken) =>
    emitClientEvent('prompt', {
      title: t('scim.revokeTitle'),
      message: t('scim.revokeMessage', { hint: token.hint }),
      yesText: t('revoke'),
      noText: t('cancel'),
      onYes: () => revoke.mutateAsync(token.id).then(() => undefined),
    });

  if (!isAdmin) {
    return (
      <ConsoleSection title={t('scim.title')} description={t('scim.notAdmin')}>
        <span />
      </ConsoleSection>
    );
  }
  const baseUrl = `${window.location.origin}/scim/v2/${id}`;
  return (
    <ConsoleSection
      title={t('scim.title')}
      description={t('scim.description')}
      action={
        <Button variant="contained" disabled={create.isPending} onClick={() => create.mutate()}>
          {t('scim.create')}
        </Button>
      }
    >
      <TextField
        size="small"
        label={t('scim.baseUrl')}
        value={baseUrl}
        slotProps={{ htmlInput: { readOnly: true, dir: 'ltr' } }}
        helperText={t('scim.baseUrlHint')}
      />
      {created && (
        <ShownOnce
          what="scimToken"
          value={created.token}
          copiedText={t('scim.copied')}
          onClose={() => setCreated(null)}
          testId="scim-token"
        />
      )}
      <Typography variant="h6" component="h3" sx={{ fontWeight: 700 }}>
        {t('scim.tokens')}
      </Typography>
      {tokens.error && (
        <Typography role="alert" color="error.main">
          {errorText(tokens.error)}
        </Typography>
      )}
      {tokens.data?.length === 0 && <Typography color="text.secondary">{t('scim.none')}</Typography>}
      {tokens.data && tokens.data.length > 0 && (
        <ConsoleList label={t('scim.list')}>
          {tokens.data.map((token) => (
            <ConsoleRow
              key={token.id}
              testId="scim-token-row"
              actions={
                <Button color="inherit" disabled={revoke.isPending} onClick={() => askRevoke(token)}>
                  {t('revoke')}
                </Button>
              }
            >
              <Typography sx={{ fontWeight: 700 }} noWrap>
                {t('scim.ending', { hint: token.hint })}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {token.lastUsedAt
                  ? t('scim.used', { created: format.date(token.createdAt), used: format.date(token.lastUsedAt) })
                  : t('scim.unused', { created: format.date(token.createdAt) })}
              </Typography>
            </ConsoleRow>
          ))}
        </ConsoleList>
      )}
    </ConsoleSection>
  );
}
