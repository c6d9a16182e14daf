import QRCode from 'qrcode';
import { QR, cardShareUrl, vcardFileName } from '@vbc/shared';
import { notFound } from '../platform/errors/app-error.ts';
import { isUnadopted } from '../cards/index.ts';
import type { TSharingDeps } from './deps.ts';

/** The print-ready PNG's side, in pixels (issue 29). */
export const PRINT_QR_PX = 1200;

/** What the card's QR downloads can be. */
export type TQrFormat = 'svg' | 'png';

/** A QR download: the file, its media type and the name to save it under. */
export interface TCardQr {
  body: Buffer | string;
  contentType: string;
  fileName: string;
}

/**
 * The card's QR code for print (issue 29): its short link tagged `s=qr`, as an SVG (scales to any
 * size) or a 1200 px PNG. It encodes the link only, so a PIN-protected card gives away nothing;
 * a card waiting to be adopted has none (404).
 */
export async function cardQr(deps: TSharingDeps, contactId: string, format: TQrFormat): Promise<TCardQr> {
  const { row } = await deps.getPublic(contactId);
  if (isUnadopted(row)) throw notFound('card');
  const link = cardShareUrl(deps.publicUrl, { virtualContactId: row.id, quickId: row.quickId }, 'qr');
  const base = vcardFileName(row).replace(/\.vcf$/, '');
  const fileName = `${base === 'contact' ? row.quickId : base} QR code.${format}`;
  const options = { margin: 4, errorCorrectionLevel: QR.errorCorrectionLevel };
  if (format === 'svg') {
    return { body: await QRCode.toString(link, { ...options, type: 'svg' }), contentType: 'image/svg+xml', fileName };
  }
  return { body: await QRCode.toBuffer(link, { ...options, type: 'png', width: PRINT_QR_PX }), contentType: 'image/png', fileName };
}
