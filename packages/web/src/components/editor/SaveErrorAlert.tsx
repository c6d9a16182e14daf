import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';

/** A save that failed: the server's words, and whether the record changed elsewhere (409). */
export interface TSaveError {
  message: string;
  stale: boolean;
}

/**
 * An editor's failed save: an error, or for a stale save (409) a warning with "Reload", which takes
 * the record as it is now on the server. `onClose` lets the person dismiss an error (a stale warning
 * stays until reloaded).
 */
export default function SaveErrorAlert({
  error,
  onReload,
  onClose,
  sx,
}: {
  error: TSaveError;
  onReload: () => void;
  onClose?: () => void;
  sx?: SxProps<Theme>;
}) {
  const { t } = useTranslation('editor');
  return (
    <Alert
      severity={error.stale ? 'warning' : 'error'}
      data-testid="save-error"
      onClose={error.stale ? undefined : onClose}
      action={
        error.stale ? (
          <Button color="inherit" size="small" onClick={onReload}>
            {t('saveError.reload')}
          </Button>
        ) : undefined
      }
      sx={sx}
    >
      {error.message}
    </Alert>
  );
}
