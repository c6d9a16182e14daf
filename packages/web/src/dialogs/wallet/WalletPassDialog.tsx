import { useEffect, useMemo, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import { PKPASS_FILE_NAME, PKPASS_MIME_TYPE, googleWalletSaveUrl } from '@vbc/shared/wallet';
import { queryKeys } from '../../api/query-keys.ts';
import { WALLET_FAILURE, blobToBase64, generateApplePass, generateGoogleWalletJwt } from '../../api/wallet.ts';
import { HttpError } from '../../api/http.ts';
import { errorText } from '../../api/error-text.ts';
import { isNativeApp, onNativeMessage, postToNative } from '../../native/bridge.ts';
import { notify } from '../../platform/events.ts';
import AppDialog from '../AppDialog.tsx';
import { useTranslation } from 'react-i18next';

export type TWalletProvider = 'apple' | 'google';

export interface TWalletPassDialogProps {
  provider: TWalletProvider;
  /** The card's (or pet's) id. */
  id: string;
  onClose: () => void;
}

/**
 * docs/contracts.md §8 warning for a failure: the SPEC text for an HTTP error or a result that breaks docs/contracts.md §5,
 * else the rejection value itself.
 */
export function walletFailureText(provider: TWalletProvider, error: unknown): string {
  if (error instanceof HttpError || (error instanceof Error && error.name === 'WalletResultError')) return WALLET_FAILURE[provider];
  return errorText(error) || WALLET_FAILURE[provider];
}

/** The server's reason for a failure (its error message, e.g. "The card or pet was not found."), when it gave one. */
export function walletFailureReason(error: unknown): string | null {
  if (!(error instanceof HttpError)) return null;
  const text = error.message.trim();
  return text && !/^\d+$/.test(text) ? text : null;
}

/**
 * docs/contracts.md §2/§4 wallet pass dialogs: generating (progress), ready (download the pass, or Google's add
 * button), closed. A failure stays in the dialog until it is closed: docs/contracts.md §8's warning and
 * the server's reason under it (issue 30: not a notice that vanishes in 3 s). In the iOS wrapper the pass
 * goes to the native handler (`pkpass`) instead of a download, and its `pkpassResult` becomes a toast.
 */
export default function WalletPassDialog({ provider, id, onClose }: TWalletPassDialogProps) {
  const { t } = useTranslation('card');
  const native = provider === 'apple' && isNativeApp();
  const pass = useQuery({
    queryKey: queryKeys.wallet.pass(provider, id),
    queryFn: async (): Promise<Blob | string> => (provider === 'apple' ? generateApplePass(id) : generateGoogleWalletJwt(id)),
    gcTime: 0,
    staleTime: 0,
  });
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  // The wrapper: hand the pass to PKAddPassesViewController; its answer closes the dialog.
  const sent = useRef(false);
  useEffect(() => {
    if (!native || !(pass.data instanceof Blob) || sent.current) return;
    sent.current = true;
    const off = onNativeMessage('pkpassResult', ({ added, error }) => {
      if (error) notify(error, 'warning');
      else if (added) notify(t('wallet.added'));
      closeRef.current();
    });
    void blobToBase64(pass.data).then((data) => postToNative('pkpass', { data, fileName: PKPASS_FILE_NAME, mimeType: PKPASS_MIME_TYPE }));
    return off;
  }, [native, pass.data, t]);

  const downloadUrl = useMemo(() => (pass.data instanceof Blob && !native ? URL.createObjectURL(pass.data) : null), [pass.data, native]);
  useEffect(
    () => () => {
      if (downloadUrl) URL.revokeObjectURL(downloadUrl);
    },
    [downloadUrl],
  );

  const ready = pass.isSuccess;
  const title = provider === 'apple' ? t('wallet.addApple') : t('wallet.addGoogle');
  const failure = pass.error ? walletFailureText(provider, pass.error) : null;
  const failureText =
    failure === WALLET_FAILURE[provider] ? (provider === 'apple' ? t('wallet.failedApple') : t('wallet.failedGoogle')) : failure;
  return (
    <AppDialog open onClose={onClose} title={title} testId={`wallet-${provider}-dialog`}>
      <DialogContent>
        {pass.error ? (
          <Alert severity="warning" data-testid="wallet-failure">
            <AlertTitle>{failureText}</AlertTitle>
            {walletFailureReason(pass.error)}
          </Alert>
        ) : !ready || native ? (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 1 }}>
            <CircularProgress size={28} aria-label={t('wallet.generatingLabel')} />
            <Typography>{ready ? t('wallet.opening') : t('wallet.generating')}</Typography>
          </Box>
        ) : (
          <Typography data-testid="wallet-ready">{provider === 'apple' ? t('wallet.readyApple') : t('wallet.ready')}</Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose}>
          {t('common:actions.close')}
        </Button>
        {ready && provider === 'apple' && downloadUrl && (
          <Button variant="contained" component="a" href={downloadUrl} download={PKPASS_FILE_NAME} onClick={() => setTimeout(onClose, 0)}>
            {t('wallet.download')}
          </Button>
        )}
        {ready && provider === 'google' && typeof pass.data === 'string' && (
          <Button
            variant="contained"
            component="a"
            href={googleWalletSaveUrl(pass.data)}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => setTimeout(onClose, 0)}
          >
            {t('wallet.addGoogle')}
          </Button>
        )}
      </DialogActions>
    </AppDialog>
  );
}
