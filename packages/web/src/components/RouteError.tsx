import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ActionButton from './ActionButton.tsx';
import Logo from './Logo.tsx';
import { useTranslation } from 'react-i18next';

/** What a screen that failed to render shows instead of a blank page: a way back. */
export default function RouteError() {
  const { t } = useTranslation('app');
  return (
    <Box
      component="main"
      role="alert"
      data-testid="route-error"
      sx={{ minHeight: '90vh', display: 'grid', placeItems: 'center', px: 3, textAlign: 'center' }}
    >
      <Box sx={{ display: 'grid', gap: 2, justifyItems: 'center', maxWidth: 380 }}>
        <Logo size={64} />
        <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
          {t('routeError.title')}
        </Typography>
        <Typography color="text.secondary">{t('routeError.text')}</Typography>
        <ActionButton variant="contained" onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </ActionButton>
      </Box>
    </Box>
  );
}
