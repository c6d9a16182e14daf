import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import CheckIcon from '@mui/icons-material/Check';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { setFollowing } from '../api/corporate.ts';
import { errorText } from '../api/error-text.ts';
import { corporateQueries } from '../api/queries.ts';
import { queryKeys } from '../api/query-keys.ts';
import { emitClientEvent, notify } from '../platform/events.ts';
import { useSession } from '../session/SessionContext.tsx';

/**
 * Follow / Following of a business (the 'Verified Business' dialog, its team page): a follower
 * receives the business's announcements and sees its directory. Pressing Following unfollows.
 * Members receive them anyway, so they see no button. Signed out, Follow opens sign-in and
 * follows once signed in, on the same page.
 */
export default function FollowButton({ corporateProfileId }: { corporateProfileId: string }) {
  const { t } = useTranslation('app');
  const client = useQueryClient();
  const { status } = useSession();
  const state = useQuery({ ...corporateQueries.follow(corporateProfileId), enabled: status === 'signedIn' });
  const saved = async (follow: boolean) => {
    const next = await setFollowing(corporateProfileId, follow);
    client.setQueryData(queryKeys.corporateProfiles.follow(corporateProfileId), next);
    // Following opens the business's directory to the follower (its relation changes).
    await client.invalidateQueries({ queryKey: queryKeys.directories.all });
    return next;
  };
  const change = useMutation({ mutationFn: saved });

  if (status === 'signedOut') {
    const followOnceSignedIn = () => void saved(true).catch((error: unknown) => notify(errorText(error), 'warning'));
    return (
      <Button
        variant="contained"
        startIcon={<AddIcon />}
        onClick={() => emitClientEvent('showLogin', { reason: 'follow', onSignedIn: followOnceSignedIn })}
        aria-pressed={false}
        data-testid="follow-button"
      >
        {t('follow.follow')}
      </Button>
    );
  }
  if (!state.data || state.data.isMember) return null;
  const following = state.data.following;
  return (
    <Button
      variant={following ? 'outlined' : 'contained'}
      startIcon={following ? <CheckIcon /> : <AddIcon />}
      onClick={() => change.mutate(!following)}
      disabled={change.isPending}
      aria-pressed={following}
      data-testid="follow-button"
    >
      {following ? t('follow.following') : t('follow.follow')}
    </Button>
  );
}
