import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import QRCode from 'qrcode';
import { DEFAULT_ACCENT_COLOR, cardShareUrl } from '@vbc/shared';
import { isUnadopted } from '../cards/index.ts';
import { notFound } from '../platform/errors/app-error.ts';
import { escapeHtml as x } from '../platform/html/escape-html.ts';
import { SERVER_ROOT } from '../platform/config/paths.ts';
import type { TSharingDeps } from './deps.ts';

/** The sizes a video background comes in (issue 29). */
export const BACKGROUND_SIZES = { '1920x1080': [1920, 1080], '1280x720': [1280, 720] } as const;
export type TBackgroundSize = keyof typeof BACKGROUND_SIZES;

/** The fonts shipped with the server (DejaVu Sans, with its licence beside it): the same picture on every host. */
const FONT_FILES = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'].map((f) => path.join(SERVER_ROOT, 'assets', 'fonts', f));
const HEX = /^#[0-9a-f]{3}(?:[0-9a-f]{3})?$/i;

/** Text cut to `max` characters (with an ellipsis), so a long name stays on the picture. */
const cut = (text: string, max: number) =>
  Array.from(text).length > max
    ? `${Array.from(text)
        .slice(0, max - 1)
        .join('')}…`
    : text;

/** The QR code of `text` as SVG squares, `size` px wide, at (`left`, `top`), on a white quiet zone. */
function qrSquares(text: string, left: number, top: number, size: number): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const cell = size / (modules.size + quiet * 2);
  const squares: string[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (modules.get(row, col)) {
        squares.push(
          `M${(left + (col + quiet) * cell).toFixed(2)} ${(top + (row + quiet) * cell).toFixed(2)}h${cell.toFixed(2)}v${cell.toFixed(2)}h-${cell.toFixed(2)}z`,
        );
      }
    }
  }
  return `<rect x="${left}" y="${top}" width="${size}" height="${size}" rx="${cell * 2}" fill="#ffffff"/><path d="${squares.join('')}" fill="#000000"/>`;
}

/**
 * The card as a video-call background (issue 29): a PNG of `size` with the name, title and
 * organization on the card's accent colours, and a QR code of its short link with `s=bg`.
 * Rendered on the server with the shipped fonts; nothing PIN-hidden is on it (no phone, no e-mail).
 */
export async function videoBackground(deps: TSharingDeps, contactId: string, size: TBackgroundSize): Promise<Buffer> {
  const { row } = await deps.getPublic(contactId);
  if (isUnadopted(row)) throw notFound('card');
  const [width, height] = BACKGROUND_SIZES[size];
  const u = width / 1920;
  const design = row.designSpecification;
  const accent1 = [design.accentColor1, DEFAULT_ACCENT_COLOR].find((c) => c && HEX.test(c))!;
  const accent2 = [design.accentColor2, design.accentColor1, '#9a7dff'].find((c) => c && HEX.test(c))!;
  const name = cut(`${row.firstName} ${row.lastName}`.trim(), 28);
  const title = cut(row.jobTitle?.trim() ?? '', 48);
  const org = cut(row.organization?.trim() ?? '', 48);
  const link = cardShareUrl(deps.publicUrl, { virtualContactId: row.id, quickId: row.quickId }, 'bg');
  const qr = Math.round(300 * u);
  const qrLeft = Math.round(width - qr - 96 * u);
  const qrTop = Math.round(height - qr - 96 * u);
  const text = (y: number, px: number, weight: string, fill: string, value: string) =>
    value
      ? `<text x="${96 * u}" y="${y * u}" font-family="DejaVu Sans" font-size="${px * u}" font-weight="${weight}" fill="${fill}">${x(value)}</text>`
      : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${accent1}"/><stop offset="1" stop-color="#101018"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<rect x="${96 * u}" y="${height - 150 * u}" width="${220 * u}" height="${10 * u}" rx="${5 * u}" fill="${accent2}"/>
${text(height / u - 330, 72, 'bold', '#ffffff', name)}
${text(height / u - 260, 40, 'normal', '#ffffffdd', title)}
${text(height / u - 205, 40, 'normal', '#ffffffaa', org)}
${qrSquares(link, qrLeft, qrTop, qr)}
</svg>`;
  const rendered = new Resvg(svg, {
    font: { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' },
    fitTo: { mode: 'original' },
  }).render();
  return rendered.asPng();
}
