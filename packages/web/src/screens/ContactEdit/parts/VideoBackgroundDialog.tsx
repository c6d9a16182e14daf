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
  { size: '1920x1080', label: 'Download 1920×1080' },
  { size: '1280x720', label: 'Download 1280×720' },
] as const;

/**
 * Editor → "Video background" (issue 29): the card as a picture for video calls — name, title,
 * organization on the card's accent colours, and a QR code of its link (`s=bg`) — made by the server.
 */
export default function VideoBackgroundDialog({ open, cardId, name, onClose }: TCardFileDialogProps) {
  const [error, setError] = useState<string | null>(null);
  return (
    <AppDialog open={open} onClose={onClose} title="Video background" testId="background-dialog">
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Typography>
          A picture for your video calls: your name, title and organization, and a QR code that opens your card. Set it as your virtual
          background in your video app.
        </Typography>
        {error && <Alert severity="error">{error}</Alert>}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        {SIZES.map(({ size, label }) => (
          <Button
            key={size}
            variant={size === '1920x1080' ? 'contained' : 'outlined'}
            startIcon={<DownloadIcon />}
            onClick={() => {
              setError(null);
              downloadVideoBackground(cardId, size, name).catch(() => setError('The background could not be made. Try again.'));
            }}
          >
            {label}
          </Button>
        ))}
        <Button color="inherit" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </AppDialog>
  );
}
