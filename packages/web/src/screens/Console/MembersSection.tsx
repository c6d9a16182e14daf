import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CORPORATE_ROLE_NAMES, type TCorporateConsole, type TCorporateMember, type TCorporateRoleName } from '@vbc/shared/corporate';
import { changeMemberRole, removeMember } from '../../api/corporate.ts';
import { errorText } from '../../api/error-text.ts';
import { consoleQueries } from '../../api/queries.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { emitClientEvent, notify } from '../../platform/events.ts';
import { ConsoleList, ConsoleRow, ConsoleSection } from './ConsoleSection.tsx';

export const ROLE_LABELS: Record<TCorporateRoleName, string> = { admin: 'Admin', editor: 'Editor', member: 'Member' };

/** Console: the members with their roles; an admin changes roles and removes members. */
export default function MembersSection({ business }: { business: TCorporateConsole }) {
  const id = business.corporateAccountId;
  const client = useQueryClient();
  const members = useQuery(consoleQueries.members(id));
  const isAdmin = business.role === 'admin';
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.console.members(id) }),
      client.invalidateQueries({ queryKey: queryKeys.console.businesses() }),
      client.invalidateQueries({ queryKey: queryKeys.directories.all }),
    ]);
  const role = useMutation({
    mutationFn: ({ member, next }: { member: TCorporateMember; next: TCorporateRoleName }) => changeMemberRole(id, member.accountId, next),
    onSuccess: async (m) => {
      notify(`${m.name} is now ${ROLE_LABELS[m.role].toLowerCase()}`);
      await refresh();
    },
  });
  const remove = (member: TCorporateMember) =>
    emitClientEvent('prompt', {
      title: 'Remove member',
      message: `Remove ${member.name} from ${business.name}? Their own cards are unlinked; a card the business owns goes back to the business. They keep their account.`,
      yesText: 'Remove',
      noText: 'Cancel',
      onYes: async () => {
        await removeMember(id, member.accountId);
        notify('Member removed');
        await refresh();
      },
    });

  return (
    <ConsoleSection
      title="Members"
      description={
        isAdmin
          ? 'Admins manage everything; editors write the profile and announcements.'
          : 'Only an admin changes roles or removes members.'
      }
      action={
        isAdmin && (
          <Button component={RouterLink} to={`/console/${id}/import`} variant="outlined" startIcon={<UploadFileIcon />}>
            Import
          </Button>
        )
      }
    >
      {members.isPending && <Typography>Loading…</Typography>}
      {members.error && (
        <Typography role="alert" color="error.main">
          {errorText(members.error)}
        </Typography>
      )}
      {members.data && (
        <ConsoleList label="Members">
          {members.data.map((m) => (
            <ConsoleRow
              key={m.accountId}
              testId="console-member"
              actions={
                isAdmin ? (
                  <>
                    <TextField
                      select
                      size="small"
                      label={`Role of ${m.name}`}
                      value={m.role}
                      disabled={role.isPending}
                      onChange={(e) => role.mutate({ member: m, next: e.target.value as TCorporateRoleName })}
                      sx={{ minWidth: 150 }}
                    >
                      {CORPORATE_ROLE_NAMES.map((r) => (
                        <MenuItem key={r} value={r}>
                          {ROLE_LABELS[r]}
                        </MenuItem>
                      ))}
                    </TextField>
                    <Button color="inherit" onClick={() => remove(m)}>
                      Remove
                    </Button>
                  </>
                ) : (
                  <Typography color="text.secondary">{ROLE_LABELS[m.role]}</Typography>
                )
              }
            >
              <Typography sx={{ fontWeight: 700 }} noWrap>
                {m.name}
              </Typography>
              <Typography variant="body2" color="text.secondary" noWrap>
                {m.email ?? m.phoneNumber ?? ''}
              </Typography>
            </ConsoleRow>
          ))}
        </ConsoleList>
      )}
    </ConsoleSection>
  );
}
