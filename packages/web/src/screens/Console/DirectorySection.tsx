import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TCardSummary } from '@vbc/shared/account';
import type { TCorporateConsole } from '@vbc/shared/corporate';
import { linkCard, setDirectoryPublic, unlinkCard } from '../../api/corporate.ts';
import { errorText } from '../../api/error-text.ts';
import { directoryQueries } from '../../api/queries.ts';
import { queryKeys } from '../../api/query-keys.ts';
import CardListItem, { CardIdentity, cardTitle } from '../../components/CardListItem.tsx';
import { notify } from '../../platform/events.ts';
import { useSession } from '../../session/SessionContext.tsx';
import { asCards } from '../Home/home-items.ts';
import { ConsoleSection } from './ConsoleSection.tsx';

/** The chosen card in the closed picker: its name and what tells it apart from a namesake. */
const chosenLabel = (card: TCardSummary | undefined, unnamed: string) =>
  card ? [cardTitle(card, unnamed), card.jobTitle, card.organization, card.quickId].filter(Boolean).join(' · ') : '';

/**
 * Console: the business's directory (its members' linked cards). Link one of one's own cards,
 * unlink (one's own; an admin any); an admin opens it as a public team page.
 */
export default function DirectorySection({ business }: { business: TCorporateConsole }) {
  const { t } = useTranslation('console');
  const id = business.corporateAccountId;
  const client = useQueryClient();
  const { account, refreshAccount } = useSession();
  const directory = useInfiniteQuery(directoryQueries.one(id));
  const isAdmin = business.role === 'admin';
  const mine = asCards(account?.virtualContacts);
  const linked = directory.data?.pages.flatMap((page) => page.cards);
  const linkedIds = new Set(linked?.map((c) => c.virtualContactId) ?? []);
  // The directory comes a page at a time: until every page is in, a card of one's own linked to
  // some business may be linked here, on a page not loaded, so it is not offered.
  const allLoaded = directory.data !== undefined && !directory.hasNextPage;
  const linkable = mine.filter((c) => !linkedIds.has(c.virtualContactId) && (allLoaded || !c.isCorporateProfile));
  const [chosen, setChosen] = useState('');
  const refresh = async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.directories.all }),
      client.invalidateQueries({ queryKey: queryKeys.console.profile(id) }),
      client.invalidateQueries({ queryKey: queryKeys.cards.all }),
    ]);
    await refreshAccount();
  };
  const toggle = useMutation({
    mutationFn: (open: boolean) => setDirectoryPublic(id, open),
    onSuccess: async ({ directoryPublic }) => {
      notify(directoryPublic ? t('directory.public') : t('directory.private'));
      await refresh();
    },
  });
  const link = useMutation({
    mutationFn: (cardId: string) => linkCard(id, cardId),
    onSuccess: async () => {
      setChosen('');
      notify(t('directory.linked'));
      await refresh();
    },
  });
  const unlink = useMutation({
    mutationFn: (cardId: string) => unlinkCard(id, cardId),
    onSuccess: async () => {
      notify(t('directory.unlinked'));
      await refresh();
    },
  });
  const teamPath = `/directory/${id}`;
  const teamUrl = `${window.location.origin}/vbc${teamPath}`;

  return (
    <ConsoleSection title={t('sections.directory')} description={t('directory.description')}>
      <Box sx={{ display: 'grid', gap: 1 }}>
        <FormControlLabel
          control={
            <Switch
              checked={business.directoryPublic}
              disabled={!isAdmin || toggle.isPending}
              onChange={(e) => toggle.mutate(e.target.checked)}
            />
          }
          label={t('directory.publicLabel')}
        />
        {!isAdmin && (
          <Typography variant="body2" color="text.secondary">
            {t('directory.adminOnly')}
          </Typography>
        )}
        <Typography variant="body2">
          <Trans
            t={t}
            i18nKey="directory.teamPage"
            values={{ url: teamUrl }}
            components={{ a: <Link component={RouterLink} to={teamPath} data-testid="console-team-link" dir="ltr" /> }}
          />
        </Typography>
      </Box>
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (chosen) link.mutate(chosen);
        }}
        sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}
      >
        <TextField
          select
          size="small"
          label={t('directory.yourCard')}
          value={chosen}
          onChange={(e) => setChosen(e.target.value)}
          sx={{ flex: '1 1 240px' }}
          disabled={linkable.length === 0}
          helperText={linkable.length === 0 ? t('directory.allLinked') : undefined}
          slotProps={{
            select: {
              renderValue: (value) =>
                chosenLabel(
                  linkable.find((c) => c.virtualContactId === value),
                  t('directory.unnamed'),
                ),
            },
          }}
        >
          {linkable.map((c) => (
            <MenuItem key={c.virtualContactId} value={c.virtualContactId} sx={{ gap: 1.5, py: 1 }}>
              <CardIdentity card={c} showQuickId />
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="contained" disabled={!chosen || link.isPending}>
          {t('directory.link')}
        </Button>
      </Box>
      <Typography variant="h6" component="h3" sx={{ fontWeight: 700 }}>
        {t('directory.linkedCards')}
      </Typography>
      {directory.error && (
        <Typography role="alert" color="error.main">
          {errorText(directory.error)}
        </Typography>
      )}
      {linked?.length === 0 && <Typography color="text.secondary">{t('directory.none')}</Typography>}
      {linked && linked.length > 0 && (
        <Box component="ul" aria-label={t('directory.linkedCards')} sx={{ p: 0, m: 0, display: 'grid', gap: 1 }}>
          {linked.map((card) => (
            <CardListItem
              key={card.virtualContactId}
              card={card}
              action={
                (isAdmin || mine.some((c) => c.virtualContactId === card.virtualContactId)) && (
                  <Button color="inherit" disabled={unlink.isPending} onClick={() => unlink.mutate(card.virtualContactId)}>
                    {t('directory.unlink')}
                  </Button>
                )
              }
            />
          ))}
        </Box>
      )}
      {directory.hasNextPage && (
        <Button onClick={() => void directory.fetchNextPage()} disabled={directory.isFetchingNextPage} sx={{ justifySelf: 'start' }}>
          {t('directory.more')}
        </Button>
      )}
    </ConsoleSection>
  );
}
