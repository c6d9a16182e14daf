import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TLocale } from '@vbc/shared/i18n/locales';

/**
 * The visitor's signed "Forget my details" link (leads/README.md): an HMAC of the lead id under a
 * key derived from the server's signing key, so no token is stored; it stays valid until the lead
 * is gone (then the page says there is nothing left to forget).
 *
 * The link carries the language of the e-mail it came in (`?lang=`, issue 31), so its pages open in
 * that language; `lang` is signed with the id, so the link works as sent, whole: a changed or
 * dropped `lang` is a link that is not valid, like any other changed link. A link without `lang`
 * (sent before links had one) is signed over the id alone and stays valid.
 */
export const forgetKey = (signingKey: Buffer): Buffer => createHmac('sha256', signingKey).update('vbc:lead-forget:v1').digest();

/** The signature of `leadId`'s link, in `lang` when the link names one. */
export const forgetSignature = (key: Buffer, leadId: string, lang?: string): string =>
  createHmac('sha256', key)
    .update(lang === undefined ? leadId.toLowerCase() : `${leadId.toLowerCase()}\n${lang}`)
    .digest('base64url');

/** Whether `signature` signs `leadId` with the link's `lang` (undefined when the link has none). */
export function forgetSignatureValid(key: Buffer, leadId: string, signature: string, lang?: string): boolean {
  const expected = Buffer.from(forgetSignature(key, leadId, lang));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The link's path (under PUBLIC_URL), its pages in `locale`: GET shows a confirmation page, POST deletes. */
export const forgetPath = (key: Buffer, leadId: string, locale: TLocale): string =>
  `/ds/leads/${leadId}/forget/${forgetSignature(key, leadId, locale)}?lang=${locale}`;
