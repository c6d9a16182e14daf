import { useMemo } from 'react';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import { QR } from '@vbc/shared/constants';
import { writeVCard } from '@vbc/shared/vcard';
import type { TVirtualContact } from '@vbc/shared/contact';
import StyledQr from '../components/qr/StyledQr.tsx';
import AppDialog from './AppDialog.tsx';
import { useTranslation } from 'react-i18next';

/**
 * docs/contracts.md §2 vCard QR window: the whole card as a vCard 3.0 in a QR code (600 px,
 * docs/contracts.md §9), to be scanned by a phone camera straight into its address book.
 */
export default function VCardQrDialog({ contact, onClose }: { contact: TVirtualContact | null; onClose: () => void }) {
  const { t } = useTranslation('card');
  const vcard = useMemo(() => (contact ? writeVCard(contact) : ''), [contact]);
  return (
    <AppDialog open={!!contact} onClose={onClose} title={t('actions.transferQr')} testId="vcard-qr-dialog">
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('vcardQr.hint')}
        </Typography>
        {contact && <StyledQr data={vcard} size={QR.vcardSize} label={t('vcardQr.label')} />}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} variant="contained">
          {t('common:actions.cancel')}
        </Button>
      </DialogActions>
    </AppDialog>
  );
}
