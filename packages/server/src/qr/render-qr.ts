import QRCode from 'qrcode';
import { QR } from '@vbc/shared';

/** A PNG QR code, rendered locally (replaces docs/contracts.md §7's third-party chart service). */
export function renderQrPng(text: string, size: number = QR.size): Promise<Buffer> {
  return QRCode.toBuffer(text, {
    type: 'png',
    width: size,
    margin: 2,
    errorCorrectionLevel: QR.errorCorrectionLevel,
  });
}
