/**
 * A QR code drawn in the browser with qr-code-styling (docs/contracts.md §9: error
 * correction L for contacts, image size 0.4, dots in dark indigo). Rendered
 * locally: no QR service. When the code has more modules than pixels it shows
 * 'The canvas is too small.' (docs/contracts.md §8) instead.
 */
import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { QR } from '@vbc/shared/constants';

export interface TStyledQrProps {
  /** The text to encode. */
  data: string;
  /** Edge in px (docs/contracts.md §9: 300 in dialogs, 600 for the vCard). */
  size?: number;
  /** Picture in the middle (same-origin URL). */
  image?: string | null;
  errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H';
  /** Accessible name of the code. */
  label: string;
}

/** UTF-8 bytes as a one-byte-per-char string: the QR library encodes only the low byte of each char. */
export const toByteString = (text: string): string => Array.from(new TextEncoder().encode(text), (b) => String.fromCharCode(b)).join('');

export default function StyledQr({ data, size = QR.size, image, errorCorrectionLevel = QR.errorCorrectionLevel, label }: TStyledQrProps) {
  const { t } = useTranslation('app');
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'drawing' | 'ready' | 'tooSmall' | 'tooLong' | 'failed'>('drawing');

  useEffect(() => {
    let cancelled = false;
    const host = container.current;
    setState('drawing');
    import('qr-code-styling')
      .then(({ default: QRCodeStyling }) => {
        if (cancelled || !host) return;
        const qr = new QRCodeStyling({
          type: 'canvas',
          width: size,
          height: size,
          margin: Math.round(size / 30),
          data: toByteString(data),
          image: image ?? undefined,
          qrOptions: { errorCorrectionLevel, mode: 'Byte' },
          imageOptions: { imageSize: QR.imageSize, margin: 4, hideBackgroundDots: true, crossOrigin: 'anonymous' },
          dotsOptions: { type: QR.dotsType, color: QR.dotsColor },
          cornersSquareOptions: { type: 'extra-rounded', color: QR.dotsColor },
          cornersDotOptions: { type: 'dot', color: QR.dotsColor },
          backgroundOptions: { color: '#ffffff' },
        });
        const drawing = [qr._svgDrawingPromise, qr._canvasDrawingPromise];
        const modules = qr._qr?.getModuleCount() ?? 0;
        if (modules > size) {
          drawing.forEach((p) => p?.catch(() => undefined));
          setState('tooSmall');
          return;
        }
        host.replaceChildren();
        qr.append(host);
        const canvas = host.querySelector('canvas');
        if (canvas) {
          canvas.setAttribute('role', 'img');
          canvas.setAttribute('aria-label', label);
          canvas.dataset.testid = 'qr-canvas';
        }
        Promise.all(drawing)
          .then(() => !cancelled && setState('ready'))
          .catch((error: unknown) => {
            if (cancelled) return;
            setState(String(error).includes('too small') ? 'tooSmall' : 'failed');
          });
      })
      // qrcode-generator throws "code length overflow" when the text does not fit the largest QR version.
      .catch((error: unknown) => !cancelled && setState(/overflow/i.test(String(error)) ? 'tooLong' : 'failed'));
    return () => {
      cancelled = true;
      host?.replaceChildren();
    };
  }, [data, size, image, errorCorrectionLevel, label]);

  // tooLong: the text is longer than the largest QR code holds (about 2.9 KB at level L).
  const message =
    state === 'tooSmall' ? t('qr.tooSmall') : state === 'tooLong' ? t('qr.tooLong') : state === 'failed' ? t('qr.failed') : null;
  return (
    <Box sx={{ position: 'relative', width: '100%', maxWidth: size, mx: 'auto', aspectRatio: '1 / 1' }}>
      <Box
        ref={container}
        data-testid="qr-code"
        sx={{
          width: '100%',
          height: '100%',
          bgcolor: '#fff',
          borderRadius: 2,
          overflow: 'hidden',
          display: message ? 'none' : 'block',
          '& canvas': { width: '100% !important', height: '100% !important', display: 'block' },
        }}
      />
      {state === 'drawing' && (
        <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
          <CircularProgress size={32} aria-label={t('qr.drawing')} />
        </Box>
      )}
      {message && (
        <Box
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'grid',
            placeItems: 'center',
            border: 1,
            borderColor: 'divider',
            borderRadius: 2,
            p: 2,
          }}
        >
          <Typography role="alert" color="warning.main" align="center">
            {message}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
