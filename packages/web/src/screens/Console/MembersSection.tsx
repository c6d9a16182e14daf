import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
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

/** The role menu's items, each named in the language `t` speaks (a Select takes its MenuItems as direct children). */
export const roleItems = (t: TFunction<'team'>) =>
  CORPORATE_ROLE_NAMES.map((r) => (
    <MenuItem key={r} value={r}>
      {t('roles.name', { role: r })}
    </MenuItem>
  ));

/** Console: the members with their roles; an admin changes roles and removes members. */
export default function MembersSection({ business }: { business: TCorporateConsole }) {
  const { t } = useTranslation('team');
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
      notify(t('members.roleChanged', { name: m.name, role: m.role }));
      await refresh();
    },
  });
  const remove = (member: TCorporateMember) =>
    emitClientEvent('prompt', {
      title: t('members.removeTitle'),
      message: t('members.removeMessage', { name: member.name, business: business.name }),
      yesText: t('members.remove'),
      noText: t('cancel'),
      onYes: async () => {
        await removeMember(id, member.accountId);
        notify(t('members.removed'));
        await refresh();
      },
    });

  return (
    <ConsoleSection
      title={t('members.title')}
      description={isAdmin ? t('members.descriptionAdmin') : t('members.descriptionOther')}
      action={
        isAdmin && (
          <Button component={RouterLink} to={`/console/${id}/import`} variant="outlined" startIcon={<UploadFileIcon />}>
            {t('members.import')}
          </Button>
        )
      }
    >
      {members.isPending && <Typography>{t('loading')}</Typography>}
      {members.error && (
        <Typography role="alert" color="error.main">
          {errorText(members.error)}
        </Typography>
      )}
      {members.data && (
        <ConsoleList label={t('members.list')}>
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
                      label={t('members.roleOf', { name: m.name })}
                      value={m.role}
                      disabled={role.isPending}
                      onChange={(e) => role.mutate({ member: m, next: e.target.value as TCorporateRoleName })}
                      sx={{ minWidth: 150 }}
                    >
                      {roleItems(t)}
                    </TextField>
                    <Button color="inherit" onClick={() => remove(m)}>
                      {t('members.remove')}
                    </Button>
                  </>
                ) : (
                  <Typography color="text.secondary">{t('roles.name', { role: m.role })}</Typography>
                )
              }
            >
              <Typography sx={{ fontWeight: 700 }} noWrap>
                {m.name}
              </Typography>
              <Typography variant="body2" color="text.secondary" noWrap>
                <bdi dir="ltr">{m.email ?? m.phoneNumber ?? ''}</bdi>
              </Typography>
            </ConsoleRow>
          ))}
        </ConsoleList>
      )}
    </ConsoleSection>
  );
}
