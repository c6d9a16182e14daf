import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useTranslation } from 'react-i18next';
import { notify } from '../platform/events.ts';

/**
 * A secret the server shows once (a webhook's signing secret, a SCIM token): the value, a Copy
 * button, and the warning that it will not be shown again; closing it forgets the value.
 */
export default function ShownOnce({
  what,
  value,
  copiedText,
  onClose,
  testId,
}: {
  /** What it is, as the warning names it ("signing secret"), in the active language. */
  what: string;
  value: string;
  /** The notification after a copy ("Secret copied"). */
  copiedText: string;
  onClose: () => void;
  testId?: string;
}) {
  const { t } = useTranslation('app');
  return (
    <Alert severity="success" onClose={onClose} data-testid={testId}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('shownOnce.warning', { what })}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Box component="code" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
          {value}
        </Box>
        <Button
          size="small"
          startIcon={<ContentCopyIcon />}
          onClick={() =>
            navigator.clipboard
              .writeText(value)
              .then(() => notify(copiedText))
              .catch(() => notify(t('shownOnce.copyFailed', { what }), 'warning'))
          }
        >
          {t('shownOnce.copy')}
        </Button>
      </Box>
    </Alert>
  );
}
