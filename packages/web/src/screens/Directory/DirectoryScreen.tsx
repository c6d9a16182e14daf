import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import RemoveIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import SearchIcon from '@mui/icons-material/Search';
import type { TCardSummary } from '@vbc/shared/account';
import type { TCorporateProfile } from '@vbc/shared/contact';
import { removeCardFromFolder } from '../../api/directories.ts';
import { HttpError } from '../../api/http.ts';
import { errorText } from '../../api/error-text.ts';
import { corporateQueries, directoryQueries } from '../../api/queries.ts';
import { queryKeys } from '../../api/query-keys.ts';
import CardListItem, { cardTitle } from '../../components/CardListItem.tsx';
import EmptyState from '../../components/EmptyState.tsx';
import LoadingScreen from '../../components/LoadingScreen.tsx';
import { notify } from '../../platform/events.ts';
import { useSession } from '../../session/SessionContext.tsx';
import FollowButton from '../../dialogs/FollowButton.tsx';
import { obsecuredDisplayUrl } from '../../api/contacts.ts';
import { SEARCH_DEBOUNCE_MS, useDebounced } from '../../platform/use-debounced.ts';

/** The business's logo (its profile image) beside the name, or its initial while there is none. */
function BusinessLogo({ name, profile }: { name: string; profile: TCorporateProfile | undefined }) {
  const { t } = useTranslation('directories');
  const image = profile?.profileImage;
  return (
    <Avatar
      src={image ? obsecuredDisplayUrl(image.obsecuredDisplayItemId) : undefined}
      alt={image ? t('directory.logo', { name }) : undefined}
      sx={{ width: 64, height: 64, flex: '0 0 64px', bgcolor: 'rgba(154,125,255,0.12)', color: 'primary.main', fontWeight: 800 }}
    >
      {image ? null : <span aria-hidden>{name.trim().charAt(0).toUpperCase()}</span>}
    </Avatar>
  );
}

/**
 * Route /directory/:dirId: a directory's cards a page at a time ("Load more"; a business's may hold
 * thousands) with a filter box the server applies; one's own folder can lose cards; a public team
 * directory opens signed out.
 */
export default function DirectoryScreen() {
  const { dirId = '' } = useParams();
  const { t } = useTranslation(['directories', 'app']);
  const unnamed = t('app:cards.unnamed');
  const { status } = useSession();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState('');
  const q = useDebounced(filter.trim(), SEARCH_DEBOUNCE_MS);
  // Wait for the session: a signed-in person's token opens their folders and businesses.
  // While a new filter loads, the cards of the last one stay (no flash of the loading screen).
  const query = useInfiniteQuery({ ...directoryQueries.one(dirId, q), enabled: status !== 'checking', placeholderData: keepPreviousData });
  const remove = useMutation({
    mutationFn: (card: TCardSummary) => removeCardFromFolder(dirId, card.virtualContactId),
    onSuccess: async (_, card) => {
      notify(t('directory.removed', { name: cardTitle(card, unnamed) }));
      await queryClient.invalidateQueries({ queryKey: queryKeys.directories.all });
    },
  });
  const dir = query.data?.pages[0];
  const shown = query.data?.pages.flatMap((page) => page.cards) ?? [];
  // A business's team page shows its logo and description, from its public profile.
  const business = useQuery({ ...corporateQueries.profile(dir?.corporateProfileId ?? ''), enabled: !!dir?.corporateProfileId });
  useEffect(() => {
    if (dir) document.title = dir.name;
  }, [dir]);

  if (status === 'checking' || query.isPending) return <LoadingScreen />;
  if (query.isError) {
    const missing = query.error instanceof HttpError && (query.error.status === 404 || query.error.status === 400);
    return (
      <EmptyState
        icon={<FolderOpenIcon />}
        title={t('directory.title')}
        text={missing ? t('directory.missing') : errorText(query.error)}
        requiresSignIn={missing}
      />
    );
  }
  const ownFolder = dir!.kind === 'folder' && dir!.relation === 'owner';
  const subtitle =
    dir!.kind === 'business' ? (dir!.relation === 'visitor' ? t('directory.team') : t('directory.business')) : t('directory.folder');

  return (
    <Box
      component="main"
      data-testid="directory-screen"
      sx={{
        maxWidth: 760,
        mx: 'auto',
        px: 2,
        pt: { xs: 3, sm: 5 },
        pb: 6,
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr)',
        gap: 2.5,
      }}
    >
      <Box sx={{ pr: 6 }} data-testid={dir!.corporateProfileId ? 'business-header' : undefined}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
          {dir!.corporateProfileId && <BusinessLogo name={dir!.name} profile={business.data} />}
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="overline" color="text.secondary">
              {subtitle}
            </Typography>
            <Typography
              variant="h4"
              component="h1"
              sx={{ fontWeight: 850, fontSize: { xs: '1.8rem', sm: '2.2rem' }, overflowWrap: 'anywhere' }}
            >
              {dir!.name}
            </Typography>
            <Typography color="text.secondary">{t('list.cards', { count: dir!.cardCount })}</Typography>
          </Box>
        </Box>
        {business.data?.description && (
          <Typography dir="auto" sx={{ mt: 1.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {business.data.description}
          </Typography>
        )}
        {dir!.corporateProfileId && (
          <Box sx={{ mt: 2 }}>
            <FollowButton corporateProfileId={dir!.corporateProfileId} />
          </Box>
        )}
      </Box>
      {dir!.cardCount > 0 && (
        <TextField
          size="small"
          placeholder={t('directory.filter')}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          slotProps={{
            htmlInput: { 'aria-label': t('directory.filterLabel') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
            },
          }}
        />
      )}
      {dir!.cardCount === 0 ? (
        <Typography color="text.secondary" sx={{ textAlign: 'center', py: 6 }}>
          {ownFolder ? t('directory.emptyFolder') : t('directory.empty')}
        </Typography>
      ) : shown.length === 0 ? (
        <Typography color="text.secondary" sx={{ textAlign: 'center', py: 4 }}>
          {t('directory.noMatch', { term: q })}
        </Typography>
      ) : (
        <>
          <Box component="ul" sx={{ p: 0, m: 0, display: 'grid', gap: 1.25 }}>
            {shown.map((card) => (
              <CardListItem
                key={card.virtualContactId}
                card={card}
                highlight={q}
                action={
                  ownFolder && (
                    <IconButton
                      aria-label={t('directory.removeCard', { card: cardTitle(card, unnamed), folder: dir!.name })}
                      title={t('directory.removeFromFolder')}
                      disabled={remove.isPending}
                      onClick={() => remove.mutate(card)}
                    >
                      <RemoveIcon fontSize="small" />
                    </IconButton>
                  )
                }
              />
            ))}
          </Box>
          {query.hasNextPage && (
            <Button onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage} sx={{ justifySelf: 'center' }}>
              {t('directory.more')}
            </Button>
          )}
        </>
      )}
    </Box>
  );
}
