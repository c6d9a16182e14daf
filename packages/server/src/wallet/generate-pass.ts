import { eq } from 'drizzle-orm';
import type { TLocale } from '@vbc/shared/i18n/locales';
import type { Db } from '../platform/db/client.ts';
import { accounts } from '../platform/db/schema/index.ts';
import { notConfigured, notFound } from '../platform/errors/app-error.ts';
import { recipientLocale } from '../platform/i18n/translator.ts';
import { buildApplePass } from './apple-pass.ts';
import { PASSKIT_PATH, type WalletDeps } from './deps.ts';
import { googleWalletJwt } from './google-pass.ts';
import { ensurePass, type PassRow } from './passes.ts';
import type { TPassSubject } from './pass-subject.ts';

export const APPLE_NOT_CONFIGURED =
  'Apple Wallet is not configured on this server (set APPLE_PASS_TYPE_ID, APPLE_TEAM_ID, APPLE_PASS_CERT, APPLE_PASS_KEY and APPLE_WWDR_CERT).';
export const GOOGLE_NOT_CONFIGURED =
  'Google Wallet is not configured on this server (set GOOGLE_WALLET_ISSUER_ID and GOOGLE_WALLET_SERVICE_ACCOUNT).';

/** The caller's own card or pet by id, or a 404 (someone else's looks like none). */
async function ownSubject(deps: WalletDeps, id: string, accountId: string): Promise<TPassSubject> {
  const subject = await deps.findSubject(id);
  if (!subject || subject.ownerAccountId !== accountId) throw notFound('card or pet');
  return subject;
}

/**
 * The language of a pass's labels: its owner's account language, else `fallback` (the asking
 * request's: the owner's Accept-Language, or the device's when it fetches an update).
 */
export async function passLocale(db: Db, subject: TPassSubject, fallback: TLocale): Promise<TLocale> {
  if (!subject.ownerAccountId) return fallback;
  const [owner] = await db.select({ language: accounts.language }).from(accounts).where(eq(accounts.id, subject.ownerAccountId));
  return recipientLocale(owner?.language, fallback);
}

/** The .pkpass bytes of the current state of a pass's card or pet, labelled in `locale`. */
export async function renderApplePass(
  deps: WalletDeps,
  subject: TPassSubject,
  pass: { row: PassRow; token: string },
  locale: TLocale,
): Promise<Buffer> {
  if (!deps.apple) throw notConfigured(APPLE_NOT_CONFIGURED);
  const picture = subject.pictureDisplayItemId ? await deps.readPicture(subject.pictureDisplayItemId) : null;
  return buildApplePass(deps.apple, {
    subject,
    locale,
    serialNumber: pass.row.id,
    webServiceURL: `${deps.publicUrl}${PASSKIT_PATH}`,
    authenticationToken: pass.token,
    picture,
  });
}

/**
 * docs/contracts.md §7 generateAppleWalletPass: the owner's card or pet as a signed pass that keeps
 * itself current, labelled in `locale` (the owner's language, else their request's).
 */
export async function generateApplePass(deps: WalletDeps, id: string, accountId: string, locale: TLocale): Promise<Buffer> {
  const subject = await ownSubject(deps, id, accountId);
  if (!deps.apple) throw notConfigured(APPLE_NOT_CONFIGURED);
  return renderApplePass(deps, subject, await ensurePass(deps.db, deps.signingKey, subject), locale);
}

/** docs/contracts.md §7 generateGoogleWalletPass: `{jwt}` for Google's save link, labelled in `locale`. */
export async function generateGoogleWalletPass(deps: WalletDeps, id: string, accountId: string, locale: TLocale): Promise<{ jwt: string }> {
  const subject = await ownSubject(deps, id, accountId);
  if (!deps.google) throw notConfigured(GOOGLE_NOT_CONFIGURED);
  return { jwt: googleWalletJwt(deps.google, subject, deps.publicUrl, locale) };
}
