import Negotiator from 'negotiator';
import type { TVCardFormat } from './download-vcard.ts';
import { AppError } from '../platform/errors/app-error.ts';

/** The media types a card's download answers, the default first (what `*∕*` and a bare `text/vcard` get). */
const OFFERED: Record<string, TVCardFormat> = {
  'text/vcard': '3.0',
  'text/vcard;version=3.0': '3.0',
  'text/vcard;version=4.0': '4.0',
  'application/vcard+json': 'jcard',
};

/** `?version=` values: 3 or 4 (also written 3.0, 4.0). */
export const VCARD_VERSION_QUERY = ['3', '3.0', '4', '4.0'] as const;

/**
 * The format of a vCard download (issue 29): `?version=` when given, else the Accept header
 * (RFC 9110 §12.5.1: `text/vcard;version=4.0` → vCard 4.0, `application/vcard+json` → jCard,
 * anything else that admits text/vcard → vCard 3.0); no header at all is vCard 3.0. An Accept
 * header that admits none of them is refused with 406.
 */
export function vcardFormat(version: (typeof VCARD_VERSION_QUERY)[number] | undefined, accept: string | undefined): TVCardFormat {
  if (version) return version.startsWith('4') ? '4.0' : '3.0';
  if (!accept?.trim()) return '3.0';
  const chosen = new Negotiator({ headers: { accept } }).mediaType(Object.keys(OFFERED));
  const format = chosen && OFFERED[chosen];
  if (!format) {
    throw new AppError(
      'not_acceptable',
      'Accept: a card downloads as text/vcard (version 3.0 or 4.0) or application/vcard+json; the request accepts none of them.',
    );
  }
  return format;
}
