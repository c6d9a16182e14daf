import { sign } from 'node:crypto';
import { PRODUCT_NAME } from '@vbc/shared';
import type { TLocale } from '@vbc/shared/i18n/locales';
import { translatorFor } from '../platform/i18n/translator.ts';
import type { GoogleWalletSettings } from './settings.ts';
import type { TPassSubject } from './pass-subject.ts';

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');
/** Google's localized string: one value, tagged with the pass's language. */
const localized = (language: TLocale, value: string) => ({ defaultValue: { language, value } });

/** Google's id of our generic class / an object: `{issuerId}.{suffix}` (suffix: letters, digits, `.`, `_`, `-`). */
const googleId = (issuerId: string, suffix: string) => `${issuerId}.${suffix.replace(/[^\w.-]/g, '_')}`;

/**
 * The "save to Google Wallet" JWT for a card or pet: RS256 with the service account's key,
 * `iss` its e-mail, `aud: google`, `typ: savetowallet`, `origins: [PUBLIC_URL]`, and in `payload`
 * the generic class and object (fields, the share link as a QR barcode, the accent colour), its
 * own words in `locale` (catalogue namespace `wallet`; the card's text as written). The
 * class travels in the JWT, so no call to Google's API is made.
 */
export function googleWalletJwt(
  settings: GoogleWalletSettings,
  subject: TPassSubject,
  publicUrl: string,
  locale: TLocale,
  nowMs = Date.now(),
): string {
  const t = translatorFor(locale, 'wallet');
  const text = (value: string) => localized(locale, value);
  const classId = googleId(settings.issuerId, subject.kind === 'card' ? 'vbc_card' : 'vbc_pet');
  const pictureUrl = subject.kind === 'card' && subject.pictureDisplayItemId ? `${publicUrl}/ds/vbc/profilepicture/${subject.id}` : null;
  const object = {
    id: googleId(settings.issuerId, `${subject.kind}-${subject.id}`),
    classId,
    state: 'ACTIVE',
    cardTitle: text(subject.organization ?? PRODUCT_NAME),
    header: text(subject.name),
    ...(subject.jobTitle ? { subheader: text(subject.jobTitle) } : {}),
    ...(subject.organization
      ? { textModulesData: [{ id: 'organization', header: t('label.organizationHeader'), body: subject.organization }] }
      : {}),
    barcode: { type: 'QR_CODE', value: subject.shareUrl, alternateText: subject.name },
    hexBackgroundColor: subject.accentColor,
    ...(pictureUrl ? { logo: { sourceUri: { uri: pictureUrl }, contentDescription: text(subject.name) } } : {}),
    linksModuleData: {
      uris: [{ id: 'link', uri: subject.shareUrl, description: subject.kind === 'card' ? t('label.cardLink') : t('label.petLink') }],
    },
  };
  const claims = {
    iss: settings.clientEmail,
    aud: 'google',
    typ: 'savetowallet',
    iat: Math.floor(nowMs / 1000),
    origins: [publicUrl],
    payload: { genericClasses: [{ id: classId }], genericObjects: [object] },
  };
  const header = { alg: 'RS256', typ: 'JWT', ...(settings.privateKeyId ? { kid: settings.privateKeyId } : {}) };
  const signingInput = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
  return `${signingInput}.${base64url(sign('RSA-SHA256', Buffer.from(signingInput), settings.privateKey))}`;
}
