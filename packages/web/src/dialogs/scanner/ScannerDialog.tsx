import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useMutation } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Divider from '@mui/material/Divider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PhotoIcon from '@mui/icons-material/PhotoOutlined';
import { SCANNER } from '@vbc/shared/constants';
import { ZCardCodeEntry } from '@vbc/shared/contact';
import { cardExists } from '../../api/contacts.ts';
import { errorText } from '../../api/error-text.ts';
import AppDialog from '../AppDialog.tsx';
import { decodePhoto, decoderOnce } from './decoder.ts';
import { classifyScan, type TScanResult } from './scan-result.ts';
import { ScannerError, cameraProblem, type TScannerProblem } from './scanner-errors.ts';

/** A scanner problem in the active language (one literal key per problem, for the unused-key check). */
function problemText(t: TFunction<'app'>, problem: TScannerProblem): string {
  switch (problem) {
    case 'insecure':
      return t('scanner.errors.insecure');
    case 'noStreamApi':
      return t('scanner.errors.noStreamApi');
    case 'timeout':
      return t('scanner.errors.timeout');
    case 'notSupported':
      return t('scanner.errors.notSupported');
    case 'denied':
      return t('scanner.errors.denied');
    case 'noCamera':
      return t('scanner.errors.noCamera');
    case 'noCodeInPhoto':
      return t('scanner.errors.noCodeInPhoto');
    case 'notAPicture':
      return t('scanner.errors.notAPicture');
  }
}

/** What to show for a failure: our problem's words, else the error's own message. */
const failureText = (t: TFunction<'app'>, error: unknown): string => {
  const problem = cameraProblem(error);
  if (problem) return problemText(t, problem);
  return error instanceof Error ? error.message : String(error);
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the stream playing within docs/contracts.md §9's load timeout, then lets it settle. */
async function play(video: HTMLVideoElement, stream: MediaStream): Promise<void> {
  video.srcObject = stream;
  let timer = 0;
  const timeout = new Promise<never>((_, reject) => {
    timer = window.setTimeout(() => reject(new ScannerError('timeout')), SCANNER.loadTimeoutMs);
  });
  try {
    await Promise.race([video.play(), timeout]);
  } finally {
    window.clearTimeout(timer);
  }
  await wait(SCANNER.settleMs);
}

/**
 * The camera QR scanner (docs/contracts.md §8–§9): the back camera, frames decoded every 500 ms (40 ms while a
 * code is in view) by BarcodeDetector or zxing-wasm, and what was read: a V.B.C. card or pet opens
 * in the app, a vCard is offered as a contact download, other text is shown with Copy and Open.
 * Without a camera (issue 30): "Choose a photo of a QR code" reads a picture with the same decoder,
 * and "Type the card's code" opens a card by its quickId.
 */
export default function ScannerDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const { t } = useTranslation('app');
  const videoRef = useRef<HTMLVideoElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<TScanResult | null>(null);
  const [starting, setStarting] = useState(true);
  // The host passes a new onClose on each render: read it through a ref so a re-render never restarts the camera.
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);
  const decoder = useMemo(() => decoderOnce(), []);

  /** What was read: a card or pet of this app opens (the window closes), anything else is shown. */
  const openScanned = useCallback(
    (text: string) => {
      const scanned = classifyScan(text, window.location.origin);
      if (scanned.kind === 'app') {
        onCloseRef.current();
        navigate(scanned.route);
      } else {
        setResult(scanned);
      }
    },
    [navigate],
  );

  useEffect(() => {
    if (result) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    const run = async () => {
      if (!window.isSecureContext) throw new ScannerError('insecure');
      if (!navigator.mediaDevices?.getUserMedia) throw new ScannerError('noStreamApi');
      const decoderReady = decoder();
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: SCANNER.facingMode }, audio: false });
      // Closed while the camera was being granted: the cleanup found no stream to stop.
      if (stopped) {
        stream.getTracks().forEach((track) => track.stop());
        return;
      }
      const decode = await decoderReady;
      await play(videoRef.current!, stream);
      setStarting(false);
      let tracking = false;
      while (!stopped) {
        const texts = await decode(videoRef.current!, canvasRef.current!);
        if (stopped) return;
        const text = texts.find((found) => found.trim().length > 0);
        if (text) {
          openScanned(text);
          return;
        }
        tracking = texts.length > 0;
        await wait(tracking ? SCANNER.trackingDelayMs : SCANNER.scanDelayMs);
      }
    };
    run().catch((e: unknown) => {
      if (!stopped) setError(failureText(t, e));
    });
    return () => {
      stopped = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [result, decoder, openScanned, t]);

  const fileRef = useRef<HTMLInputElement>(null);
  const photo = useMutation({
    networkMode: 'always',
    mutationFn: async (file: File) => decodePhoto(await decoder(), file, canvasRef.current!),
    onSuccess: (texts) => {
      const text = texts.find((found) => found.trim().length > 0);
      if (!text) throw new ScannerError('noCodeInPhoto');
      openScanned(text);
    },
    onError: () => undefined,
  });

  const codeForm = useForm({ resolver: zodResolver(ZCardCodeEntry), defaultValues: { code: '' }, mode: 'onSubmit' });
  const lookUp = useMutation({
    mutationFn: cardExists,
    onSuccess: (exists, code) => {
      if (!exists) return codeForm.setError('code', { type: 'server', message: t('scanner.noSuchCode', { code }) });
      onCloseRef.current();
      navigate(`/${code}`);
    },
    onError: (error) => codeForm.setError('code', { type: 'server', message: errorText(error) }),
  });

  const downloadVCard = (text: string) => {
    const url = URL.createObjectURL(new Blob([text.replace(/\r?\n/g, '\r\n')], { type: 'text/vcard' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'contact.vcf';
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <AppDialog open onClose={onClose} title={t('scanner.title')} testId="scanner-dialog">
      <DialogContent>
        {error ? (
          <Alert severity="warning" data-testid="scanner-error">
            {error}
          </Alert>
        ) : result ? (
          <Box data-testid="scan-result" sx={{ display: 'grid', gap: 1 }}>
            {result.kind === 'vcard' && <Typography>{t('scanner.holdsContact')}</Typography>}
            {result.kind === 'text' && (
              <Typography sx={{ wordBreak: 'break-all', fontFamily: 'ui-monospace, monospace' }}>{result.text}</Typography>
            )}
          </Box>
        ) : (
          <Box sx={{ position: 'relative', borderRadius: 2, overflow: 'hidden', bgcolor: '#000', aspectRatio: '1 / 1' }}>
            <Box
              component="video"
              ref={videoRef}
              muted
              playsInline
              aria-label={t('scanner.camera')}
              sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            />
            {starting && <CircularProgress aria-label={t('scanner.starting')} sx={{ position: 'absolute', inset: 0, m: 'auto' }} />}
          </Box>
        )}
        <canvas ref={canvasRef} hidden />
        {!result && (
          <Box sx={{ display: 'grid', gap: 1.5, mt: 2 }}>
            <Divider sx={{ color: 'text.secondary', typography: 'body2' }}>{t('scanner.or')}</Divider>
            <Button
              variant="outlined"
              startIcon={photo.isPending ? <CircularProgress size={18} aria-hidden /> : <PhotoIcon />}
              disabled={photo.isPending}
              onClick={() => fileRef.current?.click()}
            >
              {t('scanner.choosePhoto')}
            </Button>
            <input
              ref={fileRef}
              type="file"
              accept="image/*"
              hidden
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) photo.mutate(file);
              }}
            />
            {photo.isError && (
              <Alert severity="warning" data-testid="scanner-photo-error">
                {failureText(t, photo.error)}
              </Alert>
            )}
            <Box
              component="form"
              noValidate
              onSubmit={codeForm.handleSubmit(({ code }) => lookUp.mutate(code))}
              sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
            >
              <Controller
                name="code"
                control={codeForm.control}
                render={({ field, fieldState }) => (
                  <TextField
                    label={t('scanner.codeLabel')}
                    name={field.name}
                    value={field.value}
                    inputRef={field.ref}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={!!fieldState.error}
                    helperText={fieldState.error?.message ?? t('scanner.codeHelp')}
                    size="small"
                    fullWidth
                    autoComplete="off"
                    slotProps={{ htmlInput: { maxLength: 40, autoCapitalize: 'none', spellCheck: false, 'data-testid': 'scanner-code' } }}
                  />
                )}
              />
              <Button type="submit" variant="contained" disabled={lookUp.isPending} sx={{ mt: 0.25 }}>
                {t('scanner.open')}
              </Button>
            </Box>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        {result?.kind === 'vcard' && (
          <Button variant="contained" onClick={() => downloadVCard(result.text)}>
            {t('scanner.download')}
          </Button>
        )}
        {result?.kind === 'text' && (
          <Button onClick={() => void navigator.clipboard?.writeText(result.text).catch(() => undefined)}>{t('scanner.copy')}</Button>
        )}
        {result?.kind === 'text' && result.openable && (
          <Button variant="contained" component="a" href={result.text} target="_blank" rel="noopener noreferrer">
            {t('scanner.open')}
          </Button>
        )}
        {result && <Button onClick={() => setResult(null)}>{t('scanner.again')}</Button>}
        <Button color="inherit" onClick={onClose}>
          {t('actions.close')}
        </Button>
      </DialogActions>
    </AppDialog>
  );
}
