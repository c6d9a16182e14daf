import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import AppDialog from '../../../dialogs/AppDialog.tsx';
import { lockTag, writeUrlTag } from '../../../platform/nfc.ts';

type TStep = 'ready' | 'writing' | 'written' | 'confirmLock' | 'locking' | 'locked';

/** The words of the lock's confirmation (issue 29: it must say it cannot be undone). */
export const NFC_LOCK_WARNING =
  'Locking makes this tag read-only for good. This cannot be undone: the tag can never be written again, not even by you.';

/**
 * Editor → "Write to NFC tag" (issue 29): writes the card's short link (`s=nfc`) to a tag as a URL
 * record; then, only after a confirmation that says it cannot be undone, may lock the tag.
 */
export default function NfcTagDialog({ open, link, onClose }: { open: boolean; link: string; onClose: () => void }) {
  const [step, setStep] = useState<TStep>('ready');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setStep('ready');
    setError(null);
    onClose();
  };
  const run = async (busy: TStep, done: TStep, back: TStep, operation: () => Promise<void>) => {
    setError(null);
    setStep(busy);
    try {
      await operation();
      setStep(done);
    } catch (failure) {
      setError((failure as Error).message);
      setStep(back);
    }
  };
  const write = () => run('writing', 'written', 'ready', () => writeUrlTag(link));
  const lock = () => run('locking', 'locked', 'written', lockTag);

  return (
    <AppDialog open={open} onClose={close} title="Write to NFC tag" testId="nfc-dialog">
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        {step === 'ready' && (
          <Typography>Press Write, then hold an NFC tag to the back of your phone. Tapping the tag will open your card.</Typography>
        )}
        {(step === 'writing' || step === 'locking') && (
          <>
            <Typography role="status">
              {step === 'writing' ? 'Hold the tag to your phone…' : 'Hold the same tag to your phone again…'}
            </Typography>
            <LinearProgress aria-label={step === 'writing' ? 'Writing the tag' : 'Locking the tag'} />
          </>
        )}
        {step === 'written' && <Typography role="status">Written: tapping this tag opens your card.</Typography>}
        {step === 'confirmLock' && (
          <Alert severity="warning" data-testid="nfc-lock-warning">
            {NFC_LOCK_WARNING}
          </Alert>
        )}
        {step === 'locked' && <Typography role="status">The tag is locked: it opens your card and can no longer be changed.</Typography>}
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        {step === 'ready' && (
          <Button variant="contained" onClick={write}>
            Write
          </Button>
        )}
        {step === 'written' && (
          <Button color="warning" onClick={() => setStep('confirmLock')}>
            Lock the tag…
          </Button>
        )}
        {step === 'confirmLock' && (
          <>
            <Button color="warning" variant="contained" onClick={lock}>
              Lock for good
            </Button>
            <Button color="inherit" onClick={() => setStep('written')}>
              Don’t lock
            </Button>
          </>
        )}
        <Button color="inherit" onClick={close}>
          {step === 'written' || step === 'locked' ? 'Done' : 'Close'}
        </Button>
      </DialogActions>
    </AppDialog>
  );
}
