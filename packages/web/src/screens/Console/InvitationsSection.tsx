import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TCorporateConsole, TCorporateRoleName } from '@vbc/shared/corporate';
import { createInvitation, revokeInvitation } from '../../api/corporate.ts';
import { errorText } from '../../api/error-text.ts';
import { consoleQueries } from '../../api/queries.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { useFormat } from '../../i18n/format.ts';
import { useProblemText } from '../../i18n/problem-text.ts';
import { notify } from '../../platform/events.ts';
import { ConsoleList, ConsoleRow, ConsoleSection } from './ConsoleSection.tsx';
import { roleItems } from './MembersSection.tsx';

/** An e-mail when it has an @, else a phone number (the server checks each by its own rule). */
const contactOf = (value: string) => (value.includes('@') ? { email: value.trim() } : { phoneNumber: value.trim() });

/** Console (admin): invite by e-mail or phone with a role; the pending invitations, each revocable. */
export default function InvitationsSection({ business }: { business: TCorporateConsole }) {
  const { t } = useTranslation('team');
  const format = useFormat();
  const problem = useProblemText();
  const id = business.corporateAccountId;
  const client = useQueryClient();
  const isAdmin = business.role === 'admin';
  const invitations = useQuery({ ...consoleQueries.invitations(id), enabled: isAdmin });
  const [contact, setContact] = useState('');
  const [role, setRole] = useState<TCorporateRoleName>('member');
  const [error, setError] = useState<string | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.console.invitations(id) });
  const invite = useMutation({
    mutationFn: () => createInvitation(id, { ...contactOf(contact), role }),
    onSuccess: async (invitation) => {
      notify(
        invitation.joined
          ? t('invitations.joined', { contact: contact.trim(), business: business.name })
          : t('invitations.sent', { contact: contact.trim() }),
      );
      setContact('');
      setError(null);
      await refresh();
    },
    onError: (e) => setError(errorText(e)),
  });
  const revoke = useMutation({
    mutationFn: (invitationId: string) => revokeInvitation(id, invitationId),
    onSuccess: async () => {
      notify(t('invitations.revoked'));
      await refresh();
    },
  });

  if (!isAdmin) {
    return (
      <ConsoleSection title={t('invitations.title')} description={t('invitations.notAdmin')}>
        <span />
      </ConsoleSection>
    );
  }
  return (
    <ConsoleSection title={t('invitations.title')} description={t('invitations.description')}>
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (contact.trim()) invite.mutate();
          else setError('Required.');
        }}
        sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}
      >
        <TextField
          size="small"
          label={t('invitations.contact')}
          value={contact}
          onChange={(e) => setContact(e.target.value)}
          error={!!error}
          helperText={problem(error) ?? t('invitations.contactHint')}
          sx={{ flex: '2 1 240px' }}
        />
        <TextField
          select
          size="small"
          label={t('invitations.role')}
          value={role}
          onChange={(e) => setRole(e.target.value as TCorporateRoleName)}
          sx={{ flex: '1 1 140px' }}
        >
          {roleItems(t)}
        </TextField>
        <Button type="submit" variant="contained" disabled={invite.isPending}>
          {t('invitations.invite')}
        </Button>
      </Box>
      <Typography variant="h6" component="h3" sx={{ fontWeight: 700 }}>
        {t('invitations.pending')}
      </Typography>
      {invitations.error && (
        <Typography role="alert" color="error.main">
          {errorText(invitations.error)}
        </Typography>
      )}
      {invitations.data?.length === 0 && <Typography color="text.secondary">{t('invitations.none')}</Typography>}
      {invitations.data && invitations.data.length > 0 && (
        <ConsoleList label={t('invitations.list')}>
          {invitations.data.map((inv) => (
            <ConsoleRow
              key={inv.invitationId}
              testId="console-invitation"
              actions={
                <Button color="inherit" disabled={revoke.isPending} onClick={() => revoke.mutate(inv.invitationId)}>
                  {t('revoke')}
                </Button>
              }
            >
              <Typography sx={{ fontWeight: 700 }} noWrap>
                <bdi dir="ltr">{inv.email ?? inv.phoneNumber}</bdi>
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('invitations.invited', { role: inv.role, date: format.date(inv.createdAt) })}
              </Typography>
            </ConsoleRow>
          ))}
        </ConsoleList>
      )}
    </ConsoleSection>
  );
}
