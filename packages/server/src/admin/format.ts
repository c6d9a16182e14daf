import type { TMintedCard } from './mint-cards.ts';

export type TOutputFormat = 'table' | 'csv' | 'json';

const COLUMNS = ['virtualContactId', 'quickId', 'passcode', 'url'] as const;

/** RFC 4180 field: quoted when it holds a comma, quote or line break. */
const csvField = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** Minted cards as text: an aligned table (default), CSV with a header row, or JSON. */
export function formatMinted(cards: TMintedCard[], format: TOutputFormat): string {
  if (format === 'json') return `${JSON.stringify(cards, null, 2)}\n`;
  if (format === 'csv') {
    return [COLUMNS.join(','), ...cards.map((c) => COLUMNS.map((k) => csvField(c[k])).join(','))].join('\r\n') + '\r\n';
  }
  const rows = [['id', 'quickId', 'passcode', 'link'], ...cards.map((c) => COLUMNS.map((k) => c[k]))];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return (
    rows
      .map((r) =>
        r
          .map((cell, i) => cell.padEnd(widths[i]!))
          .join('  ')
          .trimEnd(),
      )
      .join('\n') + '\n'
  );
}
