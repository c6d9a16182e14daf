import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import { SMALL_DIALOG_MAX_WIDTH } from '@vbc/shared/constants';
import AppDialog from './AppDialog.tsx';
import { useTranslation } from 'react-i18next';

/** A modal error (docs/contracts.md §8 "Contact load failure"), with an optional retry. */
export default function ErrorDialog({ message, onClose, onRetry }: { message: string | null; onClose: () => void; onRetry?: () => void }) {
  const { t } = useTranslation('common');
  return (
    <AppDialog open={!!message} onClose={onClose} title={t('error.title')} maxWidth={SMALL_DIALOG_MAX_WIDTH} testId="error-dialog">
      <DialogContent>
        <DialogContentText role="alert" data-testid="error-text">
          {message}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {onRetry && (
          <Button onClick={onRetry} color="inherit">
            {t('error.retry')}
          </Button>
        )}
        <Button onClick={onClose} variant="contained">
          {t('actions.close')}
        </Button>
      </DialogActions>
    </AppDialog>
  );
}
