import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ShareIcon from '@mui/icons-material/Share';
import type { TVirtualContact } from '@vbc/shared/contact';
import ActionButton from '../../../components/ActionButton.tsx';
import Logo from '../../../components/Logo.tsx';
import { emitClientEvent } from '../../../platform/events.ts';
import { useTranslation } from 'react-i18next';

/** The public page of a card with nothing filled in yet (model.ts `isBeingSetUp`), in place of an empty layout. */
export default function SettingUp({ contact }: { contact: TVirtualContact }) {
  const { t } = useTranslation('card');
  return (
    <Box data-testid="setting-up" sx={{ minHeight: '70vh', display: 'grid', placeItems: 'center', px: 2, pt: 8 }}>
      <Box
        sx={{
          width: '100%',
          maxWidth: 440,
          textAlign: 'center',
          display: 'grid',
          gap: 2,
          justifyItems: 'center',
          p: { xs: 3, sm: 4 },
          borderRadius: 5,
          bgcolor: 'background.paper',
          border: '1px solid rgba(255,255,255,0.07)',
        }}
      >
        <Logo size={64} />
        <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
          {t('settingUp.title')}
        </Typography>
        <Typography color="text.secondary">{t('settingUp.text')}</Typography>
        <ActionButton startIcon={<ShareIcon />} onClick={() => emitClientEvent('shareContact', { contact })} sx={{ minHeight: 44, px: 3 }}>
          {t('actions.share')}
        </ActionButton>
      </Box>
    </Box>
  );
}
