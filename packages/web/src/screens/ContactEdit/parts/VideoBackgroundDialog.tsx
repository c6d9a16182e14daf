import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { downloadVideoBackground } from '../../../api/cards.ts';
import AppDialog from '../../../dialogs/AppDialog.tsx';
import type { TCardFileDialogProps } from './EmailSignatureDialog.tsx';

const SIZES = [
  { size: '1920x1080', width: 1920, height: 1080 },
  { size: '1280x720', width: 1280, height: 720 },
] as const;

/**
 * Editor → "Video background" (issue 29): the card as a picture for video calls — name, title,
 * organization on the card's accent colours, and a QR code of its link (`s=bg`) — made by the server.
 */
export default function VideoBackgroundDialog({ open, cardId, name, onClose }: TCardFileDialogProps) {
  const { t } = useTranslation('editor');
  const [error, setError] = useState<string | null>(null);
  return (
    <AppDialog open={open} onClose={onClose} title={t('share.background')} testId="background-dialog">
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Typography>{t('background.intro')}</Typography>
        {error && <Alert severity="error">{error}</Alert>}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        {SIZES.map(({ size, width, height }) => (
          <Button
            key={size}
            variant={size === '1920x1080' ? 'contained' : 'outlined'}
            startIcon={<DownloadIcon />}
            onClick={() => {
              setError(null);
              downloadVideoBackground(cardId, size, name).catch(() => setError(t('background.failed')));
            }}
          >
            {t('background.download', { width, height })}
          </Button>
        ))}
        <Button color="inherit" onClick={onClose}>
          {t('dialog.close')}
        </Button>
      </DialogActions>
    </AppDialog>
  );
}
