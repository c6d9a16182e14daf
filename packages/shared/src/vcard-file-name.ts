/**
 * The name a card's vCard is saved under, apart from the writer (vcard.ts) so that the card
 * page's "Contact Download" link can name its file without loading the writer.
 */

/** True for null, undefined and whitespace-only text. */
export const blank = (value: string | null | undefined): boolean => !value || value.trim() === '';

/** Replaces unpaired UTF-16 surrogates (which have no UTF-8 form) with U+FFFD. */
export const wellFormed = (value: string): string =>
  value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

const RESERVED_FILE_NAMES = /^(?:con|prn|aux|nul|com\d|lpt\d)$/i;

/**
 * File name for a card's vCard: "First Last.vcf". Characters not allowed in
 * file names (`<>:"/\|?*`, controls) become spaces; runs of spaces collapse;
 * leading/trailing dots and spaces go. Falls back to "contact.vcf".
 */
export function vcardFileName(contact: { firstName?: string | null; lastName?: string | null }): string {
  const raw = [contact.firstName, contact.lastName].filter((p) => !blank(p)).join(' ');
  const cleaned = wellFormed(raw)
    // eslint-disable-next-line no-control-regex -- control characters are not allowed in file names
    .replace(/[<>:"/\\|?*\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ');
  const name = Array.from(cleaned)
    .slice(0, 120)
    .join('')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  if (!name || RESERVED_FILE_NAMES.test(name)) return 'contact.vcf';
  return `${name}.vcf`;
}
