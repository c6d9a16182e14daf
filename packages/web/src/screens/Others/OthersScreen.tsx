import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContactsIcon from '@mui/icons-material/Contacts';
import SearchIcon from '@mui/icons-material/Search';
import { SEARCH_MAX_LENGTH } from '@vbc/shared/directory';
import { errorText } from '../../api/error-text.ts';
import { accountQueries, searchQueries } from '../../api/queries.ts';
import CardListItem from '../../components/CardListItem.tsx';
import EmptyState from '../../components/EmptyState.tsx';
import LoadingScreen from '../../components/LoadingScreen.tsx';
import { useSession } from '../../session/SessionContext.tsx';
import { SEARCH_DEBOUNCE_MS, useDebounced } from '../../platform/use-debounced.ts';

const list = { p: 0, m: 0, display: 'grid', gap: 1.25 } as const;
const note = (text: string) => (
  <Typography color="text.secondary" sx={{ textAlign: 'center', py: 5 }}>
    {text}
  </Typography>
);

function Recents() {
  const { t } = useTranslation('others');
  const recents = useQuery(accountQueries.mergedRecents());
  if (recents.isPending)
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 5 }}>
        <CircularProgress aria-label={t('recents.loading')} />
      </Box>
    );
  if (recents.isError) return note(errorText(recents.error));
  if (recents.data.recents.length === 0) return note(t('recents.empty'));
  return (
    <Box component="ul" data-testid="recents-list" sx={list}>
      {recents.data.recents.map((card) => (
        <CardListItem key={card.virtualContactId} card={card} />
      ))}
    </Box>
  );
}

function Search({ term, settled, onTerm }: { term: string; settled: string; onTerm: (value: string) => void }) {
  const { t } = useTranslation('others');
  const results = useQuery({ ...searchQueries.cards(settled), enabled: settled.length > 0, placeholderData: keepPreviousData });
  // docs/contracts.md §3 search state: the result shown is the last answer for the settled term.
  const searchResult = settled ? (results.data?.results ?? []) : [];
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <TextField
        autoFocus
        size="small"
        placeholder={t('search.placeholder')}
        value={term}
        onChange={(e) => onTerm(e.target.value)}
        slotProps={{
          htmlInput: { 'aria-label': t('search.label'), maxLength: SEARCH_MAX_LENGTH },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
            endAdornment: results.isFetching ? (
              <InputAdornment position="end">
                <CircularProgress size={18} aria-label={t('search.searching')} />
              </InputAdornment>
            ) : undefined,
          },
        }}
      />
      {!settled ? (
        note(t('search.hint'))
      ) : results.isError ? (
        note(errorText(results.error))
      ) : results.isPending ? null : searchResult.length === 0 ? (
        note(t('search.none', { term: settled }))
      ) : (
        <Box component="ul" data-testid="search-results" sx={list}>
          {searchResult.map((card) => (
            <CardListItem key={card.virtualContactId} card={card} highlight={settled} />
          ))}
        </Box>
      )}
    </Box>
  );
}

/** Route /others: tabs Recents (default; this device's and the account's, newest first) and Search (docs/contracts.md §3 search state, kept in the address). */
export default function OthersScreen() {
  const { status } = useSession();
  const { t } = useTranslation('others');
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'search' ? 'search' : 'recents';
  const [term, setTerm] = useState(() => params.get('q') ?? '');
  // Results follow the typing once it pauses (SEARCH_DEBOUNCE_MS).
  const settledTerm = useDebounced(term.trim(), SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    document.title = t('title');
  }, [t]);
  // The settled term goes into the address, so going back to Others shows the same search.
  useEffect(() => {
    if (tab !== 'search') return;
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (settledTerm) next.set('q', settledTerm);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [settledTerm, tab, setParams]);

  if (status === 'checking') return <LoadingScreen />;
  if (status !== 'signedIn') return <EmptyState icon={<ContactsIcon />} title={t('title')} text="" requiresSignIn />;
  return (
    <Box
      component="main"
      sx={{ maxWidth: 760, mx: 'auto', px: 2, pt: { xs: 3, sm: 5 }, pb: 6, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}
    >
      <Box sx={{ pr: 6 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 850, fontSize: { xs: '1.8rem', sm: '2.2rem' } }}>
          {t('title')}
        </Typography>
      </Box>
      <Tabs
        value={tab}
        onChange={(_, value: string) =>
          setParams(value === 'search' ? { tab: 'search', ...(term.trim() ? { q: term.trim() } : {}) } : {}, { replace: true })
        }
        aria-label={t('title')}
      >
        <Tab value="recents" label={t('tabs.recents')} />
        <Tab value="search" label={t('tabs.search')} />
      </Tabs>
      {tab === 'recents' ? <Recents /> : <Search term={term} settled={settledTerm} onTerm={setTerm} />}
    </Box>
  );
}
