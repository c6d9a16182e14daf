import { RESERVED_ROUTE_WORDS } from './constants.ts';

/**
 * Crockford's base-32 alphabet (no i, l, o, u), lower case for links. Reading
 * one back, `normalizeQuickId` folds the look-alikes (o→0, i/l→1), so a quickId
 * read aloud or typed from a printed card cannot be mistaken.
 */
export const QUICK_ID_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
export const QUICK_ID_LENGTH = 7;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const QUICK_ID_RE = new RegExp(`^[${QUICK_ID_ALPHABET}]{${QUICK_ID_LENGTH}}$`);

/** Lower-cases and folds Crockford look-alikes so `OI1L` and `0111` are the same quickId. */
export const normalizeQuickId = (value: string): string => value.toLowerCase().replace(/o/g, '0').replace(/[il]/g, '1');

export const isUuid = (value: string): boolean => UUID_RE.test(value);
export const isQuickId = (value: string): boolean =>
  QUICK_ID_RE.test(value) && !(RESERVED_ROUTE_WORDS as readonly string[]).includes(value);

/**
 * A random string of `length` letters of `alphabet` from `randomBytes` (the
 * caller's CSPRNG: node:crypto on the server). Rejection sampling keeps every
 * letter equally likely.
 */
export function randomString(alphabet: string, length: number, randomBytes: (n: number) => Uint8Array): string {
  const size = alphabet.length;
  const limit = 256 - (256 % size);
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < limit && out.length < length) out += alphabet[byte % size];
    }
  }
  return out;
}

/** A fresh quickId (never a route word) from the caller's CSPRNG. */
export function makeQuickId(randomBytes: (n: number) => Uint8Array): string {
  const id = randomString(QUICK_ID_ALPHABET, QUICK_ID_LENGTH, randomBytes);
  return isQuickId(id) ? id : makeQuickId(randomBytes);
}
