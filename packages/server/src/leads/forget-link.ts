import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The visitor's signed "Forget my details" link (leads/README.md): an HMAC of the lead id under a
 * key derived from the server's signing key, so no token is stored; it stays valid until the lead
 * is gone (then the page says there is nothing left to forget).
 */
export const forgetKey = (signingKey: Buffer): Buffer => createHmac('sha256', signingKey).update('vbc:lead-forget:v1').digest();

export const forgetSignature = (key: Buffer, leadId: string): string =>
  createHmac('sha256', key).update(leadId.toLowerCase()).digest('base64url');

export function forgetSignatureValid(key: Buffer, leadId: string, signature: string): boolean {
  const expected = Buffer.from(forgetSignature(key, leadId));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The link's path (under PUBLIC_URL): GET shows a confirmation page, POST deletes. */
export const forgetPath = (key: Buffer, leadId: string): string => `/ds/leads/${leadId}/forget/${forgetSignature(key, leadId)}`;
