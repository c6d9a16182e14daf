import sharp, { type OverlayOptions } from 'sharp';
import { renderQrPng } from '../qr/index.ts';
import type { TMintedCard } from './mint-cards.ts';

/** A4 at 150 dpi, 3 × 4 cards per page. */
const PAGE = { width: 1240, height: 1754, columns: 3, rows: 4, margin: 60 };
const QR_SIZE = 280;

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Printable pages of QR codes, each with its quickId and passcode below, as
 * PNG buffers (12 cards a page). Cut along the grey lines.
 */
export async function renderSheets(cards: TMintedCard[]): Promise<Buffer[]> {
  const perPage = PAGE.columns * PAGE.rows;
  const cellW = (PAGE.width - 2 * PAGE.margin) / PAGE.columns;
  const cellH = (PAGE.height - 2 * PAGE.margin) / PAGE.rows;
  const pages: Buffer[] = [];
  for (let start = 0; start < cards.length; start += perPage) {
    const chunk = cards.slice(start, start + perPage);
    const layers: OverlayOptions[] = [];
    const labels: string[] = [];
    for (const [i, card] of chunk.entries()) {
      const x = PAGE.margin + (i % PAGE.columns) * cellW;
      const y = PAGE.margin + Math.floor(i / PAGE.columns) * cellH;
      layers.push({ input: await renderQrPng(card.url, QR_SIZE), left: Math.round(x + (cellW - QR_SIZE) / 2), top: Math.round(y + 12) });
      const cx = x + cellW / 2;
      labels.push(
        `<rect x="${x}" y="${y}" width="${cellW}" height="${cellH}" fill="none" stroke="#bbb" stroke-dasharray="6 6"/>`,
        `<text x="${cx}" y="${y + QR_SIZE + 42}" font-family="DejaVu Sans, sans-serif" font-size="22" text-anchor="middle" fill="#444">${escapeXml(card.quickId)}</text>`,
        `<text x="${cx}" y="${y + QR_SIZE + 78}" font-family="DejaVu Sans Mono, monospace" font-size="30" font-weight="bold" text-anchor="middle" fill="#000">${escapeXml(card.passcode)}</text>`,
        `<text x="${cx}" y="${y + QR_SIZE + 102}" font-family="DejaVu Sans, sans-serif" font-size="16" text-anchor="middle" fill="#666">adoption code</text>`,
      );
    }
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${PAGE.width}" height="${PAGE.height}">${labels.join('')}</svg>`;
    layers.unshift({ input: Buffer.from(svg), left: 0, top: 0 });
    pages.push(
      await sharp({ create: { width: PAGE.width, height: PAGE.height, channels: 3, background: '#ffffff' } })
        .composite(layers)
        .png()
        .toBuffer(),
    );
  }
  return pages;
}
