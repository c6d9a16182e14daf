import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** SPEC: a PIN grants access for 10 minutes. */
export const PIN_ACCESS_TTL_MS = 10 * 60 * 1000;

const mac = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest('base64url');

/** What a PIN access token is for: one card, at one version of its PIN (`pinVersion` moves on every set, change or removal). */
export interface PinAccessSubject {
  id: string;
  pinVersion: number;
}

const payload = (card: PinAccessSubject, nonce: string, expires: string | number) => `${card.id}.${card.pinVersion}.${nonce}.${expires}`;

/**
 * A token that opens one card's contact information until it expires or the PIN changes:
 * `<128-bit nonce>.<expiry ms>.<HMAC over contact id, PIN version, nonce and expiry>`.
 * Signed, not stored, so any instance can check it.
 */
export function signPinAccess(key: Buffer, card: PinAccessSubject, now = Date.now()): string {
  const nonce = randomBytes(16).toString('base64url');
  const expires = now + PIN_ACCESS_TTL_MS;
  return `${nonce}.${expires}.${mac(key, payload(card, nonce, expires))}`;
}

/** True when `token` was signed for this card at its current PIN version and has not expired. */
export function verifyPinAccess(key: Buffer, card: PinAccessSubject, token: string | undefined, now = Date.now()): boolean {
  if (!token || token.length > 200) return false;
  const [nonce, expires, signature] = token.split('.');
  if (!nonce || !expires || !signature || !/^\d+$/.test(expires) || Number(expires) <= now) return false;
  const expected = Buffer.from(mac(key, payload(card, nonce, expires)));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
