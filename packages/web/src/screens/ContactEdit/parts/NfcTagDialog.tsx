import { useTranslation } from 'react-i18next';
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

/**
 * Editor → "Write to NFC tag" (issue 29): writes the card's short link (`s=nfc`) to a tag as a URL
 * record; then, only after a confirmation that says it cannot be undone, may lock the tag.
 */
export default function NfcTagDialog({ open, link, onClose }: { open: boolean; link: string; onClose: () => void }) {
  const { t } = useTranslation('editor');
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
    <AppDialog open={open} onClose={close} title={t('share.nfc')} testId="nfc-dialog">
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        {step === 'ready' && <Typography>{t('nfc.intro')}</Typography>}
        {(step === 'writing' || step === 'locking') && (
          <>
            <Typography role="status">{step === 'writing' ? t('nfc.hold') : t('nfc.holdAgain')}</Typography>
            <LinearProgress aria-label={step === 'writing' ? t('nfc.writing') : t('nfc.locking')} />
          </>
        )}
        {step === 'written' && <Typography role="status">{t('nfc.written')}</Typography>}
        {step === 'confirmLock' && (
          <Alert severity="warning" data-testid="nfc-lock-warning">
            {t('nfc.lockWarning')}
          </Alert>
        )}
        {step === 'locked' && <Typography role="status">{t('nfc.locked')}</Typography>}
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        {step === 'ready' && (
          <Button variant="contained" onClick={write}>
            {t('nfc.write')}
          </Button>
        )}
        {step === 'written' && (
          <Button color="warning" onClick={() => setStep('confirmLock')}>
            {t('nfc.lock')}
          </Button>
        )}
        {step === 'confirmLock' && (
          <>
            <Button color="warning" variant="contained" onClick={lock}>
              {t('nfc.lockForGood')}
            </Button>
            <Button color="inherit" onClick={() => setStep('written')}>
              {t('nfc.dontLock')}
            </Button>
          </>
        )}
        <Button color="inherit" onClick={close}>
          {step === 'written' || step === 'locked' ? t('nfc.done') : t('dialog.close')}
        </Button>
      </DialogActions>
    </AppDialog>
  );
}
