import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import Logo from './Logo.tsx';
import { useTranslation } from 'react-i18next';

/**
 * docs/contracts.md §2 loading state: the logo, "Loading V.B.C." and a progress indicator.
 * The bar is plain CSS (it is on every first paint, so it stays light). It is a Suspense fallback,
 * so it never suspends itself: until its messages are here it shows the logo and the bar alone.
 */
export default function LoadingScreen() {
  const { t, ready } = useTranslation('app', { useSuspense: false });
  return (
    <Box
      role="status"
      aria-live="polite"
      data-testid="loading"
      sx={{ minHeight: '80vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2.5, px: 3 }}
    >
      <Logo size={72} />
      <Typography variant="h6" component="p" sx={{ fontWeight: 600, letterSpacing: 0.3 }}>
        {ready ? t('loading.title') : '\u00a0'}
      </Typography>
      <Box
        role="progressbar"
        aria-label={ready ? t('loading.progress') : undefined}
        sx={{
          width: 180,
          height: 4,
          borderRadius: 2,
          overflow: 'hidden',
          position: 'relative',
          bgcolor: 'rgba(154,125,255,0.2)',
          '&::after': {
            content: '""',
            position: 'absolute',
            top: 0,
            bottom: 0,
            width: '40%',
            borderRadius: 2,
            background: 'linear-gradient(90deg, #8c6cff, #26c6da)',
            animation: 'vbc-progress 1.1s ease-in-out infinite',
          },
          '@keyframes vbc-progress': { from: { left: '-40%' }, to: { left: '100%' } },
          '@media (prefers-reduced-motion: reduce)': { '&::after': { animation: 'none', left: '30%' } },
        }}
      />
    </Box>
  );
}
