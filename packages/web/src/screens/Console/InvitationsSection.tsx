import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CORPORATE_ROLE_NAMES, type TCorporateConsole, type TCorporateRoleName } from '@vbc/shared/corporate';
import { createInvitation, revokeInvitation } from '../../api/corporate.ts';
import { errorText } from '../../api/error-text.ts';
import { consoleQueries } from '../../api/queries.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { notify } from '../../platform/events.ts';
import { ConsoleList, ConsoleRow, ConsoleSection } from './ConsoleSection.tsx';
import { ROLE_LABELS } from './MembersSection.tsx';

/** An e-mail when it has an @, else a phone number (the server checks each by its own rule). */
const contactOf = (value: string) => (value.includes('@') ? { email: value.trim() } : { phoneNumber: value.trim() });

/** Console (admin): invite by e-mail or phone with a role; the pending invitations, each revocable. */
export default function InvitationsSection({ business }: { business: TCorporateConsole }) {
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
          ? `${contact.trim()} joined ${business.name}: their e-mail domain is verified`
          : `Invitation sent to ${contact.trim()}`,
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
      notify('Invitation revoked');
      await refresh();
    },
  });

  if (!isAdmin) {
    return (
      <ConsoleSection title="Invitations" description="Only an admin invites people to the business.">
        <span />
      </ConsoleSection>
    );
  }
  return (
    <ConsoleSection title="Invitations" description="Whoever signs in with this e-mail or phone sees the invitation and can accept it.">
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
          label="E-mail or phone"
          value={contact}
          onChange={(e) => setContact(e.target.value)}
          error={!!error}
          helperText={error ?? 'e.g. ana@example.com or 09171234567'}
          sx={{ flex: '2 1 240px' }}
        />
        <TextField
          select
          size="small"
          label="Role"
          value={role}
          onChange={(e) => setRole(e.target.value as TCorporateRoleName)}
          sx={{ flex: '1 1 140px' }}
        >
          {CORPORATE_ROLE_NAMES.map((r) => (
            <MenuItem key={r} value={r}>
              {ROLE_LABELS[r]}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="contained" disabled={invite.isPending}>
          Invite
        </Button>
      </Box>
      <Typography variant="h6" component="h3" sx={{ fontWeight: 700 }}>
        Pending
      </Typography>
      {invitations.error && (
        <Typography role="alert" color="error.main">
          {errorText(invitations.error)}
        </Typography>
      )}
      {invitations.data?.length === 0 && <Typography color="text.secondary">No pending invitations.</Typography>}
      {invitations.data && invitations.data.length > 0 && (
        <ConsoleList label="Pending invitations">
          {invitations.data.map((inv) => (
            <ConsoleRow
              key={inv.invitationId}
              testId="console-invitation"
              actions={
                <Button color="inherit" disabled={revoke.isPending} onClick={() => revoke.mutate(inv.invitationId)}>
                  Revoke
                </Button>
              }
            >
              <Typography sx={{ fontWeight: 700 }} noWrap>
                {inv.email ?? inv.phoneNumber}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {ROLE_LABELS[inv.role]} · invited {new Date(inv.createdAt).toLocaleDateString()}
              </Typography>
            </ConsoleRow>
          ))}
        </ConsoleList>
      )}
    </ConsoleSection>
  );
}
