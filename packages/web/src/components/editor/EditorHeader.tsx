import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { TOP_INSET } from '../../platform/TopBanner.tsx';

/** What the editor's save state line says. */
export type TSaveState = 'saving' | 'dirty' | 'saved';

/**
 * The sticky header of an editor (card, pet): back home, the title over the save state, and the
 * editor's buttons. Nothing in it is ever cut or drawn over another part (issue 30, item 8): the
 * title and the state keep their whole width, and where the buttons do not fit beside them on the
 * line (a narrow phone) they move to a line of their own. `below` is shown under it and sticks
 * with it (the save error).
 */
export default function EditorHeader({
  title,
  state,
  actions,
  below,
}: {
  title: string;
  state: TSaveState;
  actions: ReactNode;
  below?: ReactNode;
}) {
  const { t } = useTranslation('editor');
  return (
    <Box
      component="header"
      sx={{
        position: 'sticky',
        // Below the top banner (the push question, the offline notice) when one shows.
        top: TOP_INSET,
        zIndex: 1090,
        bgcolor: 'rgba(18,18,24,0.82)',
        backdropFilter: 'blur(12px)',
        borderBottom: '1px solid rgba(255,255,255,0.08)',
      }}
    >
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          columnGap: { xs: 0.5, sm: 1 },
          rowGap: 0.5,
          px: { xs: 1, sm: 2 },
          py: 1,
          // Room for the fixed menu button (MenuButton.tsx) at the top right.
          pr: { xs: 8, sm: 9 },
        }}
      >
        <IconButton component={RouterLink} to="/" aria-label={t('header.back')}>
          <ArrowBackIcon sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
        </IconButton>
        {/* Grows into the line's free room, never narrower than its words. */}
        <Box sx={{ flex: '1 0 auto', whiteSpace: 'nowrap' }}>
          <Typography component="h1" sx={{ fontWeight: 800, fontSize: '1.05rem', lineHeight: 1.2 }}>
            {title}
          </Typography>
          <Typography
            variant="caption"
            data-testid="save-state"
            color={state === 'dirty' ? 'warning.main' : 'text.secondary'}
            sx={{ display: 'block' }}
          >
            {state === 'saving' ? t('header.saving') : state === 'dirty' ? t('header.dirty') : t('header.saved')}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0.5, sm: 1 }, ml: 'auto' }}>{actions}</Box>
      </Box>
      {below}
    </Box>
  );
}
