import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { QR } from '@vbc/shared/constants';
import StyledQr from '../components/qr/StyledQr.tsx';
import AppDialog from './AppDialog.tsx';
import { useTranslation } from 'react-i18next';

export interface TQrCodeRequest {
  title: string;
  /** Text to encode; ignored when `imageUrl` is given. */
  code: string;
  /** An uploaded QR picture to show as it is (e.g. a WeChat QR). */
  imageUrl?: string;
}

/** docs/contracts.md §2 "QR code dialog (title and code)". */
export default function QrCodeDialog({ request, onClose }: { request: TQrCodeRequest | null; onClose: () => void }) {
  const { t } = useTranslation('common');
  return (
    <AppDialog open={!!request} onClose={onClose} title={request?.title}>
      <DialogContent>
        {request?.imageUrl ? (
          <Box
            component="img"
            src={request.imageUrl}
            alt={request.title}
            sx={{ display: 'block', width: '100%', maxWidth: QR.size, mx: 'auto', borderRadius: 2, bgcolor: '#fff' }}
          />
        ) : (
          request && <StyledQr data={request.code} label={request.title} />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} variant="contained">
          {t('actions.close')}
        </Button>
      </DialogActions>
    </AppDialog>
  );
}
