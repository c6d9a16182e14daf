import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import CheckIcon from '@mui/icons-material/Check';
import AddIcon from '@mui/icons-material/Add';
import { setFollowing } from '../api/corporate.ts';
import { corporateQueries } from '../api/queries.ts';
import { queryKeys } from '../api/query-keys.ts';

/**
 * Follow / Following in the 'Verified Business' dialog: a follower receives the business's
 * announcements. Pressing Following unfollows. Members receive them anyway, so they see no button.
 */
export default function FollowButton({ corporateProfileId }: { corporateProfileId: string }) {
  const client = useQueryClient();
  const state = useQuery(corporateQueries.follow(corporateProfileId));
  const change = useMutation({
    mutationFn: (follow: boolean) => setFollowing(corporateProfileId, follow),
    onSuccess: (next) => client.setQueryData(queryKeys.corporateProfiles.follow(corporateProfileId), next),
  });
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
      {following ? 'Following' : 'Follow'}
    </Button>
  );
}
