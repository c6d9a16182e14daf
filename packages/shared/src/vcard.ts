/**
 * vCard writer for the "Contact Download" file and the vCard QR code (docs/contracts.md §5,
 * docs/contracts.md §D6): vCard 3.0 (RFC 2426) by default, vCard 4.0 (RFC 6350) and jCard
 * (RFC 7095) on request.
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
import { blank, wellFormed } from './vcard-file-name.ts';

export { vcardFileName } from './vcard-file-name.ts';

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

/** The vCard versions the writer speaks. */
export type TVCardVersion = '3.0' | '4.0';

export interface TVCardOptions {
  /** 3.0 (RFC 2426, the default: what every address book reads) or 4.0 (RFC 6350). */
  version?: TVCardVersion;
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

/** Text as a vCard may carry it: every line break as `\n`; other control characters (not allowed in a vCard) dropped. */
const plainText = (value: string): string =>
  wellFormed(value)
    .replace(/\r\n|\r|\n|\u2028|\u2029/g, '\n')
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');

/**
 * RFC 2426 §4 (and RFC 6350 §3.4) text escaping: `\` → `\\`, `,` → `\,`, `;` → `\;`, any line
 * break → `\n`. Other control characters (not allowed in a vCard) are dropped.
 */
export function escapeVCardText(value: string): string {
  return escapeText(value, true);
}

/** Text escaping; `semicolons` false for a vCard 4.0 value that is not compound (RFC 6350 §3.3: `\;` is no TEXT-CHAR). */
const escapeText = (value: string, semicolons: boolean): string => {
  const escaped = plainText(value).replace(/\\/g, '\\\\').replace(/,/g, '\\,').replace(/\n/g, '\\n');
  return semicolons ? escaped.replace(/;/g, '\\;') : escaped;
};

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
 * One property of a card, independent of how it is written: its raw (unescaped) value, a
 * structured value (N, ADR) as its components, and the value type jCard names (RFC 7095 §3.5).
 */
interface TVCardProperty {
  name: string;
  params: readonly (readonly [string, string])[];
  type: 'text' | 'uri';
  value: string | readonly string[];
  /** A compound value (RFC 6350 §3.3) of one component: ORG. Its `;` is escaped in every version. */
  compound?: boolean;
}

/** Networks whose profile link is a chat: written as IMPP in vCard 4.0 (RFC 6350 §6.4.3), the rest as SOCIALPROFILE (RFC 9554 §3.3). */
const MESSENGERS: ReadonlySet<string> = new Set(['Messenger', 'Viber', 'Whatsapp', 'WeChat', 'Telegram', 'Line']);

const PHOTO_MEDIA_TYPES: Record<TVCardPhotoType, string> = { JPEG: 'image/jpeg', PNG: 'image/png', GIF: 'image/gif' };

/**
 * The card's properties in the order both versions write them. vCard 3.0 (RFC 2426) and 4.0
 * (RFC 6350) carry the same data and differ in how they say it: TYPE values (upper case with
 * EMAIL;TYPE=INTERNET in 3.0; lower case in 4.0), social profiles (X-SOCIALPROFILE;TYPE=network
 * in 3.0; SOCIALPROFILE or IMPP with SERVICE-TYPE in 4.0) and PHOTO (inline `ENCODING=b` in 3.0;
 * a `data:` URI in 4.0).
 */
function vcardProperties(contact: TVCardContact, options: TVCardOptions, version: TVCardVersion): TVCardProperty[] {
  const v4 = version === '4.0';
  const typeParam = (value: string): [string, string] => ['TYPE', v4 ? value.toLowerCase() : value];
  const clean = (value: string | null | undefined): string => value?.trim() ?? '';
  const props: TVCardProperty[] = [];
  const text = (name: string, value: string | null | undefined, params: [string, string][] = [], compound = false): void => {
    if (!blank(value)) props.push({ name, params, type: 'text', value: clean(value), compound });
  };

  props.push({ name: 'N', params: [], type: 'text', value: [clean(contact.lastName), clean(contact.firstName), '', '', ''] });
  props.push({ name: 'FN', params: [], type: 'text', value: fullName(contact) });
  text('ORG', contact.organization, [], true);
  text('TITLE', contact.jobTitle);
  text('NOTE', contact.biography);

  for (const phone of contact.phones ?? []) {
    const number = phone.phoneNumber.replace(/\s+/g, '');
    if (number) text('TEL', number, [typeParam(TEL_TYPES[phone.type ?? 'Mobile'] ?? 'VOICE')]);
  }
  for (const email of contact.emails ?? []) text('EMAIL', email.email, v4 ? [] : [typeParam('INTERNET')]);

  const urls = [options.url?.trim() ?? '', ...(contact.links ?? []).map((l) => linkHref(l.linkUrl))];
  for (const url of urls) {
    if (url) props.push({ name: 'URL', params: [], type: 'uri', value: url });
  }

  const place = (contact.locations ?? []).find((l) => !blank(l.address));
  if (place) {
    const value = ['', place.title, place.address, place.city, '', '', place.country].map(clean);
    props.push({ name: 'ADR', params: [typeParam('WORK')], type: 'text', value });
  }

  for (const entry of contact.socialMedias ?? []) {
    const url = socialUrl(entry);
    if (!url) continue;
    if (!v4) props.push({ name: 'X-SOCIALPROFILE', params: [['TYPE', entry.socialMediaType.toLowerCase()]], type: 'uri', value: url });
    else {
      const name = MESSENGERS.has(entry.socialMediaType) ? 'IMPP' : 'SOCIALPROFILE';
      props.push({ name, params: [['SERVICE-TYPE', entry.socialMediaType]], type: 'uri', value: url });
    }
  }

  const photo = options.photo && photoBase64(options.photo.base64);
  if (photo && options.photo) {
    props.push(
      v4
        ? { name: 'PHOTO', params: [], type: 'uri', value: `data:${PHOTO_MEDIA_TYPES[options.photo.type]};base64,${photo}` }
        : { name: 'PHOTO', params: [['ENCODING', 'b'], typeParam(options.photo.type)], type: 'uri', value: photo },
    );
  }
  return props;
}

/**
 * A property as one (unfolded) content line: text escaped component by component (a `;` inside
 * a single value is escaped in 3.0, RFC 2426 §4, and only in compound values in 4.0), a URI
 * only kept on its line.
 */
function contentLine(prop: TVCardProperty, version: TVCardVersion): string {
  const params = prop.params.map(([key, value]) => `;${key}=${value}`).join('');
  const semicolons = version === '3.0' || !!prop.compound;
  const value =
    prop.type === 'uri'
      ? uriValue(prop.value as string)
      : typeof prop.value === 'string'
        ? escapeText(prop.value, semicolons)
        : prop.value.map((part) => escapeText(part, true)).join(';');
  return `${prop.name}${params}:${value}`;
}

/**
 * Writes a card as a vCard document, 3.0 (RFC 2426) unless `options.version` says 4.0 (RFC 6350):
 * N, FN, ORG, TITLE, NOTE (biography), TEL (spaces removed; Mobile→CELL, Work→WORK, Home→HOME,
 * Fax→FAX, Other→VOICE), EMAIL, URL (the card link, then every link with http:// added when
 * missing), ADR of the first location that has an address (`;title;address;city;;;country`), a
 * social profile per social entry with a usable URL, and PHOTO. Every line ends in CRLF, the last
 * one included.
 */
export function writeVCard(contact: TVCardContact, options: TVCardOptions = {}): string {
  const version = options.version ?? '3.0';
  const lines = [
    'BEGIN:VCARD',
    `VERSION:${version}`,
    ...vcardProperties(contact, options, version).map((prop) => contentLine(prop, version)),
    'END:VCARD',
  ];
  return lines.map(foldVCardLine).join(CRLF) + CRLF;
}

/** A jCard (RFC 7095): `["vcard", [[name, params, type, value…]…]]`. */
export type TJCard = ['vcard', [string, Record<string, string>, string, ...unknown[]][]];

/**
 * The card as a jCard (RFC 7095), the JSON form of the vCard 4.0 that `writeVCard` writes with
 * `version: '4.0'`: the same properties, names and parameter names in lower case, values
 * unescaped, structured values (N, ADR) as arrays.
 */
export function writeJCard(contact: TVCardContact, options: Omit<TVCardOptions, 'version'> = {}): TJCard {
  const properties = vcardProperties(contact, options, '4.0').map((prop): TJCard[1][number] => {
    const json = prop.type === 'uri' ? uriValue : plainText;
    return [
      prop.name.toLowerCase(),
      Object.fromEntries(prop.params.map(([key, value]) => [key.toLowerCase(), value])),
      prop.type,
      typeof prop.value === 'string' ? json(prop.value) : prop.value.map(json),
    ];
  });
  return ['vcard', [['version', {}, 'text', '4.0'], ...properties]];
}
