import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TMyInvitation } from '@vbc/shared/corporate';
import { answerInvitation } from '../api/corporate.ts';
import { consoleQueries } from '../api/queries.ts';
import { queryKeys } from '../api/query-keys.ts';
import { notify } from '../platform/events.ts';
import { useSession } from '../session/SessionContext.tsx';
import { Trans, useTranslation } from 'react-i18next';

/**
 * The signed-in account's pending invitations to businesses (sent to the e-mail or phone it signs
 * in with), each with Accept and Decline. Renders nothing when there are none.
 */
export default function InvitationsBanner() {
  const client = useQueryClient();
  const { refreshAccount } = useSession();
  const { t } = useTranslation('app');
  const query = useQuery(consoleQueries.myInvitations());
  const answer = useMutation({
    mutationFn: ({ invitation, accept }: { invitation: TMyInvitation; accept: boolean }) =>
      answerInvitation(invitation.invitationId, accept),
    onSuccess: async (_result, { invitation, accept }) => {
      notify(accept ? t('invitations.joined', { name: invitation.corporateName }) : t('invitations.declined'));
      await Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.console.all }),
        client.invalidateQueries({ queryKey: queryKeys.directories.all }),
        // An imported invitation gives the invitee a card: the account's cards are read again.
        accept ? refreshAccount() : undefined,
      ]);
    },
  });
  const invitations = query.data ?? [];
  if (invitations.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="invitations-heading" data-testid="invitations-banner">
      <Typography id="invitations-heading" variant="h6" component="h2" sx={{ fontWeight: 800, mb: 1.5 }}>
        {t('invitations.title')}
      </Typography>
      <Stack component="ul" sx={{ p: 0, m: 0, gap: 1.25, listStyle: 'none' }}>
        {invitations.map((invitation) => (
          <Box component="li" key={invitation.invitationId}>
            <Alert
              severity="info"
              role="status"
              data-testid="invitation"
              action={
                <Stack direction="row" sx={{ gap: 1 }}>
                  <Button
                    color="inherit"
                    size="small"
                    disabled={answer.isPending}
                    onClick={() => answer.mutate({ invitation, accept: false })}
                  >
                    {t('invitations.decline')}
                  </Button>
                  <Button
                    variant="contained"
                    size="small"
                    disabled={answer.isPending}
                    onClick={() => answer.mutate({ invitation, accept: true })}
                  >
                    {t('invitations.accept')}
                  </Button>
                </Stack>
              }
            >
              <Trans
                t={t}
                i18nKey="invitations.invite"
                values={{ name: invitation.corporateName, role: invitation.role }}
                components={{ strong: <strong /> }}
              />
            </Alert>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
