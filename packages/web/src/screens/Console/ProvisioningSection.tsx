import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
import { emitClientEvent, notify } from '../../platform/events.ts';
import { ConsoleList, ConsoleRow, ConsoleSection } from './ConsoleSection.tsx';

const day = (iso: string) => new Date(iso).toLocaleDateString();

/**
 * Console (admin), issue 27: SCIM provisioning. The base URL to give the identity provider, the
 * business's SCIM tokens (a new one shown once), each revocable.
 */
export default function ProvisioningSection({ business }: { business: TCorporateConsole }) {
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
      notify('Token revoked');
      await refresh();
    },
  });
  const askRevoke = (token: TScimToken) =>
    emitClientEvent('prompt', {
      title: 'Revoke SCIM token',
      message: `Your identity provider can no longer provision with the token ending …${token.hint}.`,
      yesText: 'Revoke',
      noText: 'Cancel',
      onYes: () => revoke.mutateAsync(token.id).then(() => undefined),
    });

  if (!isAdmin) {
    return (
      <ConsoleSection title="Provisioning (SCIM)" description="Only an admin manages provisioning.">
        <span />
      </ConsoleSection>
    );
  }
  const baseUrl = `${window.location.origin}/scim/v2/${id}`;
  return (
    <ConsoleSection
      title="Provisioning (SCIM)"
      description="Your identity provider (Okta, Microsoft Entra ID, …) adds, updates and removes members over SCIM 2.0."
      action={
        <Button variant="contained" disabled={create.isPending} onClick={() => create.mutate()}>
          Create token
        </Button>
      }
    >
      <TextField
        size="small"
        label="SCIM base URL"
        value={baseUrl}
        slotProps={{ htmlInput: { readOnly: true } }}
        helperText="Give your identity provider this URL and a token, sent as a bearer token."
      />
      {created && (
        <ShownOnce what="SCIM token" value={created.token} copiedText="Token copied" onClose={() => setCreated(null)} testId="scim-token" />
      )}
      <Typography variant="h6" component="h3" sx={{ fontWeight: 700 }}>
        Tokens
      </Typography>
      {tokens.error && (
        <Typography role="alert" color="error.main">
          {errorText(tokens.error)}
        </Typography>
      )}
      {tokens.data?.length === 0 && <Typography color="text.secondary">No tokens yet.</Typography>}
      {tokens.data && tokens.data.length > 0 && (
        <ConsoleList label="SCIM tokens">
          {tokens.data.map((token) => (
            <ConsoleRow
              key={token.id}
              testId="scim-token-row"
              actions={
                <Button color="inherit" disabled={revoke.isPending} onClick={() => askRevoke(token)}>
                  Revoke
                </Button>
              }
            >
              <Typography sx={{ fontWeight: 700 }} noWrap>
                Token ending …{token.hint}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Created {day(token.createdAt)} · {token.lastUsedAt ? `last used ${day(token.lastUsedAt)}` : 'never used'}
              </Typography>
            </ConsoleRow>
          ))}
        </ConsoleList>
      )}
    </ConsoleSection>
  );
}
