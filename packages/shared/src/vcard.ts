/**
 * vCard 3.0 writer (RFC 2426) for the "Contact Download" file and the vCard QR
 * code (docs/contracts.md §5, docs/contracts.md §D6).
 *
 * Differences from docs/contracts.md §5, on purpose (docs/contracts.md §D6): text is escaped as RFC 2426
 * says (`\\` `\,` `\;` `\n`) instead of turning `&` into `%26` and stripping
 * `# & %`, so "Tom & Jerry" and "Unit #5" reach the address book as written.
 * Kept from docs/contracts.md §5: spaces are removed from phone numbers, and only the first
 * location with an address becomes an ADR.
 *
 * Lines end in CRLF and are folded at 75 octets (RFC 2425 §5.8.1); a fold never
 * splits a UTF-8 character nor a backslash escape, and each continuation line
 * starts with one space.
 */
import type { TPhone } from './contact.ts';
import { linkHref, socialUrl, type TMapsLocation, type TSocialLinkInput } from './links.ts';

/** Image types a vCard 3.0 PHOTO may carry (the TYPE parameter). */
export type TVCardPhotoType = 'JPEG' | 'PNG' | 'GIF';

/** The card fields the writer reads; a `TVirtualContact` fits as it is. */
export interface TVCardContact {
  firstName?: string | null;
  lastName?: string | null;
  /** Display name, used for FN only when first and last name are both blank. */
  name?: string | null;
  jobTitle?: string | null;
  organization?: string | null;
  /** Written as NOTE. */
  biography?: string | null;
  /** Absent while the card is PIN-locked: then no TEL lines. */
  phones?: readonly { phoneNumber: string; type?: TPhone['type'] | null }[];
  emails?: readonly { email: string }[];
  links?: readonly { linkUrl: string }[];
  locations?: readonly TMapsLocation[];
  socialMedias?: readonly TSocialLinkInput[];
}

export interface TVCardOptions {
  /** Profile picture, base64 (whitespace and a `data:...;base64,` prefix are tolerated). */
  photo?: { base64: string; type: TVCardPhotoType };
  /** The card's public link (docs/contracts.md §2 `/ds/vbc/i/{id}`), written as the first URL. */
  url?: string;
}

const CRLF = '\r\n';
const MAX_OCTETS = 75;

const TEL_TYPES: Record<TPhone['type'], string> = {
  Mobile: 'CELL',
  Work: 'WORK',
  Home: 'HOME',
  Fax: 'FAX',
  Other: 'VOICE',
};

/** Maps an image content type ("image/jpeg") to the PHOTO TYPE parameter; null when unsupported. */
export function vcardPhotoType(contentType: string): TVCardPhotoType | null {
  const sub = contentType
    .trim()
    .toLowerCase()
    .replace(/^image\//, '')
    .split(';')[0]
    ?.trim();
  if (sub === 'jpeg' || sub === 'jpg' || sub === 'pjpeg') return 'JPEG';
  if (sub === 'png') return 'PNG';
  if (sub === 'gif') return 'GIF';
  return null;
}

const blank = (value: string | null | undefined): boolean => !value || value.trim() === '';

/** Replaces unpaired UTF-16 surrogates (which have no UTF-8 form) with U+FFFD. */
const wellFormed = (value: string): string =>
  value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/**
 * RFC 2426 §4 text escaping: `\` → `\\`, `,` → `\,`, `;` → `\;`, any line
 * break → `\n`. Other control characters (not allowed in a vCard) are dropped.
 */
export function escapeVCardText(value: string): string {
  return (
    wellFormed(value)
      .replace(/\r\n|\r|\n|\u2028|\u2029/g, '\n')
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
      .replace(/\\/g, '\\\\')
      .replace(/,/g, '\\,')
      .replace(/;/g, '\\;')
      .replace(/\n/g, '\\n')
  );
}

/** A URI value: not text-escaped (RFC 2426 uri type), but no control character may break the line. */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const uriValue = (value: string): string => wellFormed(value).replace(/[\u0000-\u001f\u007f]/g, '');

const octets = (codePoint: number): number => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4);

/**
 * Folds one content line at 75 octets (CRLF not counted; the leading space of a
 * continuation line is). Breaks fall between whole code points, and never inside
 * a backslash escape.
 */
export function foldVCardLine(line: string): string {
  const units: string[] = [];
  let pending = '';
  for (const ch of line) {
    if (pending) {
      units.push(pending + ch);
      pending = '';
    } else if (ch === '\\') {
      pending = ch;
    } else {
      units.push(ch);
    }
  }
  if (pending) units.push(pending);

  const out: string[] = [];
  let current = '';
  let size = 0;
  for (const unit of units) {
    let unitSize = 0;
    for (const ch of unit) unitSize += octets(ch.codePointAt(0) ?? 0);
    if (size + unitSize > MAX_OCTETS && current !== '' && current !== ' ') {
      out.push(current);
      current = ' ';
      size = 1;
    }
    current += unit;
    size += unitSize;
  }
  out.push(current);
  return out.join(CRLF);
}

function photoBase64(raw: string): string {
  const data = raw.replace(/^data:[^,]*;base64,/i, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(data)) throw new TypeError('vCard photo is not base64 data');
  return data;
}

function fullName(contact: TVCardContact): string {
  const first = contact.firstName?.trim() ?? '';
  const last = contact.lastName?.trim() ?? '';
  const joined = [first, last].filter(Boolean).join(' ');
  if (joined) return joined;
  for (const fallback of [contact.name, contact.organization, contact.emails?.[0]?.email]) {
    if (!blank(fallback)) return (fallback ?? '').trim();
  }
  return 'Contact';
}

/**
 * Writes a card as a vCard 3.0 document: N, FN, ORG, TITLE, NOTE (biography),
 * TEL (spaces removed; Mobile→CELL, Work→WORK, Home→HOME, Fax→FAX, Other→VOICE),
 * EMAIL;TYPE=INTERNET, URL (the card link, then every link with http:// added
 * when missing), ADR of the first location that has an address (`;title;address;city;;;country`),
 * X-SOCIALPROFILE;TYPE=<network> per social entry with a usable URL, and PHOTO.
 * Every line ends in CRLF, the last one included.
 */
export function writeVCard(contact: TVCardContact, options: TVCardOptions = {}): string {
  const lines: string[] = ['BEGIN:VCARD', 'VERSION:3.0'];
  const text = (value: string | null | undefined): string => escapeVCardText(value?.trim() ?? '');
  const add = (name: string, value: string | null | undefined): void => {
    if (!blank(value)) lines.push(`${name}:${text(value)}`);
  };

  lines.push(`N:${text(contact.lastName)};${text(contact.firstName)};;;`);
  lines.push(`FN:${text(fullName(contact))}`);
  add('ORG', contact.organization);
  add('TITLE', contact.jobTitle);
  add('NOTE', contact.biography);

  for (const phone of contact.phones ?? []) {
    const number = phone.phoneNumber.replace(/\s+/g, '');
    if (!number) continue;
    lines.push(`TEL;TYPE=${TEL_TYPES[phone.type ?? 'Mobile'] ?? 'VOICE'}:${escapeVCardText(number)}`);
  }
  for (const email of contact.emails ?? []) {
    if (!blank(email.email)) lines.push(`EMAIL;TYPE=INTERNET:${text(email.email)}`);
  }

  const urls = [options.url?.trim() ?? '', ...(contact.links ?? []).map((l) => linkHref(l.linkUrl))];
  for (const url of urls) {
    if (url) lines.push(`URL:${uriValue(url)}`);
  }

  const place = (contact.locations ?? []).find((l) => !blank(l.address));
  if (place) {
    const parts = ['', place.title, place.address, place.city, '', '', place.country];
    lines.push(`ADR;TYPE=WORK:${parts.map(text).join(';')}`);
  }

  for (const entry of contact.socialMedias ?? []) {
    const url = socialUrl(entry);
    if (url) lines.push(`X-SOCIALPROFILE;TYPE=${entry.socialMediaType.toLowerCase()}:${uriValue(url)}`);
  }

  if (options.photo) {
    const data = photoBase64(options.photo.base64);
    if (data) lines.push(`PHOTO;ENCODING=b;TYPE=${options.photo.type}:${data}`);
  }

  lines.push('END:VCARD');
  return lines.map(foldVCardLine).join(CRLF) + CRLF;
}

const RESERVED_FILE_NAMES = /^(?:con|prn|aux|nul|com\d|lpt\d)$/i;

/**
 * File name for a card's vCard: "First Last.vcf". Characters not allowed in
 * file names (`<>:"/\|?*`, controls) become spaces; runs of spaces collapse;
 * leading/trailing dots and spaces go. Falls back to "contact.vcf".
 */
export function vcardFileName(contact: Pick<TVCardContact, 'firstName' | 'lastName'>): string {
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
