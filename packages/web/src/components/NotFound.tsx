import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import { useTranslation } from 'react-i18next';
import EmptyState from './EmptyState.tsx';

/**
 * A designed not-found screen (issue 30) for a wrong card address (`card`) or any unknown path
 * (`page`): a way home and a card search (the Others screen's Search tab), the same offer as the
 * server's page for a wrong short link.
 */
export default function NotFound({ kind }: { kind: 'card' | 'page' }) {
  const navigate = useNavigate();
  const [words, setWords] = useState('');
  const { t } = useTranslation('common');
  const title = kind === 'card' ? t('notFound.card.title') : t('notFound.page.title');
  const text = kind === 'card' ? t('notFound.card.text') : t('notFound.page.text');
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <EmptyState
      icon={<TravelExploreIcon />}
      title={title}
      text={text}
      requiresSignIn={false}
      action={
        <Box sx={{ display: 'grid', gap: 2, justifyItems: 'center', width: '100%', maxWidth: 380, mt: 1.5 }}>
          <Button variant="contained" component={RouterLink} to="/">
            {t('notFound.home')}
          </Button>
          <Box
            component="form"
            role="search"
            onSubmit={(event) => {
              event.preventDefault();
              const q = words.trim();
              navigate(`/others?${new URLSearchParams({ tab: 'search', ...(q ? { q } : {}) })}`);
            }}
            sx={{ display: 'flex', gap: 1, width: '100%' }}
          >
            <TextField
              type="search"
              size="small"
              label={t('notFound.search')}
              value={words}
              onChange={(e) => setWords(e.target.value)}
              sx={{ flex: 1 }}
            />
            <Button type="submit" variant="outlined" startIcon={<SearchIcon />}>
              {t('notFound.searchButton')}
            </Button>
          </Box>
        </Box>
      }
    />
  );
}
