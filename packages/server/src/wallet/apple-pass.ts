import { PKPass, PassType } from 'passkit-generator';
import { PRODUCT_NAME } from '@vbc/shared';
import type { TLocale } from '@vbc/shared/i18n/locales';
import { translatorFor } from '../platform/i18n/translator.ts';
import type { AppleWalletSettings } from './settings.ts';
import { appleRgb, foregroundFor, type TPassSubject } from './pass-subject.ts';
import { passIcons, passThumbnails } from './pass-images.ts';

export interface ApplePassInput {
  subject: TPassSubject;
  /** The pass row's id. */
  serialNumber: string;
  /** Apple's web service for this pass: `{PUBLIC_URL}/api/wallet/passkit` (devices add `/v1/…`). */
  webServiceURL: string;
  /** The pass's own token (sent back by devices as `Authorization: ApplePass <token>`). */
  authenticationToken: string;
  /** The picture's bytes for the thumbnail. */
  picture: Buffer | null;
  /** The language of the pass's own words (catalogue namespace `wallet`); the card's text is as written. */
  locale: TLocale;
}

/**
 * A signed generic pass (pass.json, icons, thumbnail, manifest.json and the detached PKCS #7
 * `signature` made with the pass type certificate, WWDR in the chain) as .pkpass bytes.
 */
export async function buildApplePass(settings: AppleWalletSettings, input: ApplePassInput): Promise<Buffer> {
  const { subject } = input;
  const t = translatorFor(input.locale, 'wallet');
  const isCard = subject.kind === 'card';
  const foreground = foregroundFor(subject.accentColor);
  const files = { ...(await passIcons(subject.accentColor, foreground)), ...(await passThumbnails(input.picture)) };
  const pass = new PKPass(
    files,
    {
      wwdr: settings.wwdr,
      signerCert: settings.signerCert,
      signerKey: settings.signerKey,
      ...(settings.signerKeyPassphrase ? { signerKeyPassphrase: settings.signerKeyPassphrase } : {}),
    },
    {
      formatVersion: 1,
      passTypeIdentifier: settings.passTypeId,
      teamIdentifier: settings.teamId,
      serialNumber: input.serialNumber,
      organizationName: subject.organization ?? PRODUCT_NAME,
      description: isCard
        ? t('description.card', { name: subject.name, product: PRODUCT_NAME })
        : t('description.pet', { name: subject.name, product: PRODUCT_NAME }),
      logoText: PRODUCT_NAME,
      backgroundColor: appleRgb(subject.accentColor),
      foregroundColor: appleRgb(foreground),
      labelColor: appleRgb(foreground),
      webServiceURL: input.webServiceURL,
      authenticationToken: input.authenticationToken,
      sharingProhibited: false,
    },
  );
  const generic = new PassType('generic');
  generic.primaryFields.push({ key: 'name', label: isCard ? t('label.name') : t('label.pet'), value: subject.name });
  if (subject.jobTitle)
    generic.secondaryFields.push({ key: 'jobTitle', label: isCard ? t('label.title') : t('label.kind'), value: subject.jobTitle });
  if (subject.organization)
    generic.secondaryFields.push({ key: 'organization', label: t('label.organization'), value: subject.organization });
  generic.backFields.push({
    key: 'link',
    label: isCard ? t('label.cardLink') : t('label.petLink'),
    value: subject.shareUrl,
    attributedValue: `<a href="${subject.shareUrl}">${subject.shareUrl}</a>`,
  });
  pass.types.push(generic);
  pass.setBarcodes({ format: 'PKBarcodeFormatQR', message: subject.shareUrl, messageEncoding: 'iso-8859-1', altText: subject.name });
  return pass.getAsBuffer();
}
