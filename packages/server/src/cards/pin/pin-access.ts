import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** SPEC: a PIN grants access for 10 minutes. */
export const PIN_ACCESS_TTL_MS = 10 * 60 * 1000;

const mac = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest('base64url');

/**
 * A token that opens one card's contact information until it expires:
 * `<128-bit nonce>.<expiry ms>.<HMAC over contact id, nonce and expiry>`.
 * Signed, not stored, so any instance can check it.
 */
export function signPinAccess(key: Buffer, contactId: string, now = Date.now()): string {
  const nonce = randomBytes(16).toString('base64url');
  const expires = now + PIN_ACCESS_TTL_MS;
  return `${nonce}.${expires}.${mac(key, `${contactId}.${nonce}.${expires}`)}`;
}

/** True when `token` was signed for this card and has not expired. */
export function verifyPinAccess(key: Buffer, contactId: string, token: string | undefined, now = Date.now()): boolean {
  if (!token || token.length > 200) return false;
  const [nonce, expires, signature] = token.split('.');
  if (!nonce || !expires || !signature || !/^\d+$/.test(expires) || Number(expires) <= now) return false;
  const expected = Buffer.from(mac(key, `${contactId}.${nonce}.${expires}`));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
