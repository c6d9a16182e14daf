import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import { SCANNER } from '@vbc/shared/constants';
import AppDialog from '../AppDialog.tsx';
import { createDecoder } from './decoder.ts';
import { classifyScan, type TScanResult } from './scan-result.ts';
import { SCANNER_ERRORS, ScannerError, cameraErrorText } from './scanner-errors.ts';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the stream playing within docs/contracts.md §9's load timeout, then lets it settle. */
async function play(video: HTMLVideoElement, stream: MediaStream): Promise<void> {
  video.srcObject = stream;
  let timer = 0;
  const timeout = new Promise<never>((_, reject) => {
    timer = window.setTimeout(() => reject(new ScannerError(SCANNER_ERRORS.timeout)), SCANNER.loadTimeoutMs);
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
 */
export default function ScannerDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
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

  useEffect(() => {
    if (result) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    const run = async () => {
      if (!window.isSecureContext) throw new ScannerError(SCANNER_ERRORS.insecure);
      if (!navigator.mediaDevices?.getUserMedia) throw new ScannerError(SCANNER_ERRORS.noStreamApi);
      const decoderReady = createDecoder();
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: SCANNER.facingMode }, audio: false });
      // Closed while the camera was being granted: the cleanup found no stream to stop.
      if (stopped) {
        stream.getTracks().forEach((t) => t.stop());
        return;
      }
      const decode = await decoderReady;
      await play(videoRef.current!, stream);
      setStarting(false);
      let tracking = false;
      while (!stopped) {
        const texts = await decode(videoRef.current!, canvasRef.current!);
        if (stopped) return;
        const text = texts.find((t) => t.trim().length > 0);
        if (text) {
          const scanned = classifyScan(text, window.location.origin);
          if (scanned.kind === 'app') {
            onCloseRef.current();
            navigate(scanned.route);
          } else {
            setResult(scanned);
          }
          return;
        }
        tracking = texts.length > 0;
        await wait(tracking ? SCANNER.trackingDelayMs : SCANNER.scanDelayMs);
      }
    };
    run().catch((e: unknown) => {
      if (!stopped) setError(cameraErrorText(e));
    });
    return () => {
      stopped = true;
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [result, navigate]);

  const downloadVCard = (text: string) => {
    const url = URL.createObjectURL(new Blob([text.replace(/\r?\n/g, '\r\n')], { type: 'text/vcard' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'contact.vcf';
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <AppDialog open onClose={onClose} title="Scan a QR code" testId="scanner-dialog">
      <DialogContent>
        {error ? (
          <Alert severity="warning" data-testid="scanner-error">
            {error}
          </Alert>
        ) : result ? (
          <Box data-testid="scan-result" sx={{ display: 'grid', gap: 1 }}>
            {result.kind === 'vcard' && <Typography>This QR code holds a contact.</Typography>}
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
              aria-label="Camera"
              sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            />
            {starting && <CircularProgress aria-label="Starting the camera" sx={{ position: 'absolute', inset: 0, m: 'auto' }} />}
          </Box>
        )}
        <canvas ref={canvasRef} hidden />
      </DialogContent>
      <DialogActions>
        {result?.kind === 'vcard' && (
          <Button variant="contained" onClick={() => downloadVCard(result.text)}>
            Download contact
          </Button>
        )}
        {result?.kind === 'text' && (
          <Button onClick={() => void navigator.clipboard?.writeText(result.text).catch(() => undefined)}>Copy</Button>
        )}
        {result?.kind === 'text' && result.openable && (
          <Button variant="contained" component="a" href={result.text} target="_blank" rel="noopener noreferrer">
            Open
          </Button>
        )}
        {result && <Button onClick={() => setResult(null)}>Scan again</Button>}
        <Button color="inherit" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </AppDialog>
  );
}
