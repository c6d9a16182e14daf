import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import { useMutation } from '@tanstack/react-query';
import { SMALL_DIALOG_MAX_WIDTH } from '@vbc/shared/constants';
import { errorText } from '../api/error-text.ts';
import { notify, type TPromptRequest } from '../platform/events.ts';
import AppDialog from './AppDialog.tsx';
import { useTranslation } from 'react-i18next';

/**
 * docs/contracts.md §2 generic yes/no prompt: title, message, custom Yes/No texts. A failing
 * Yes handler shows a warning notification (docs/contracts.md §8).
 */
export default function PromptDialog({ request, onClose }: { request: TPromptRequest | null; onClose: () => void }) {
  const { t } = useTranslation('app');
  const answer = useMutation({
    mutationFn: async () => request?.onYes?.(),
    onSuccess: onClose,
    onError: (error) => {
      notify(errorText(error), 'warning');
      onClose();
    },
  });
  const yes = () => request && answer.mutate();
  const no = () => {
    request?.onNo?.();
    onClose();
  };
  return (
    <AppDialog open={!!request} onClose={no} title={request?.title} maxWidth={SMALL_DIALOG_MAX_WIDTH} testId="prompt-dialog">
      <DialogContent>
        <DialogContentText sx={{ whiteSpace: 'pre-line' }}>{request?.message}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={no} color="inherit">
          {request?.noText ?? t('prompt.no')}
        </Button>
        <Button onClick={yes} variant="contained" disabled={answer.isPending}>
          {request?.yesText ?? t('prompt.yes')}
        </Button>
      </DialogActions>
    </AppDialog>
  );
}
