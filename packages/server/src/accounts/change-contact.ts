import { eq } from 'drizzle-orm';
import { PRODUCT_NAME, type TContactChangeCode } from '@vbc/shared';
import type { TLocale } from '@vbc/shared/i18n/locales';
import { translatorFor } from '../platform/i18n/translator.ts';
import { accounts, type TOtpChannel } from '../platform/db/schema/index.ts';
import { isUniqueViolation } from '../platform/db/unique-violation.ts';
import { conflict } from '../platform/errors/app-error.ts';
import { toE164 } from '../platform/notify/phone.ts';
import type { TAccountDeps } from './deps.ts';
import { consumeChallenge, verifyChallenge, type TChallengeScope } from './otp.ts';
import { requestCode } from './request-code.ts';
import type { AuthAccount } from './sessions.ts';
import { maskContact } from './unregister.ts';
import { codeError, findAccountByContact } from './verify-contact.ts';

/** The e-mail address or phone number a signed-in account wants instead of (or besides) its own. */
export interface TNewContact {
  channel: TOtpChannel;
  /** Normalised as the account stores it: lower-cased e-mail, or the phone as typed (09…). */
  contact: string;
}

type TCurrentContacts = Pick<AuthAccount, 'email' | 'phoneNumber'>;

/** The body's one contact (the shared schema guarantees exactly one). */
export const newContactOf = (body: { email?: string | undefined; phoneNumber?: string | undefined }): TNewContact =>
  body.email !== undefined ? { channel: 'email', contact: body.email } : { channel: 'phone', contact: body.phoneNumber! };

const words = (channel: TOtpChannel) =>
  channel === 'email' ? { field: 'email', what: 'e-mail address' } : { field: 'phoneNumber', what: 'phone number' };

/** A change code is bound to the account and to the new contact it was sent to. */
const changeScope = (accountId: string, next: TNewContact): TChallengeScope => ({
  purpose: 'change_contact',
  channel: next.channel,
  contact: next.contact,
  accountId,
});

const currentOf = (account: TCurrentContacts, channel: TOtpChannel) => (channel === 'email' ? account.email : account.phoneNumber);

/** 409 when the new contact is the account's own already, or another account's. */
async function refuseTaken(deps: TAccountDeps, account: AuthAccount, next: TNewContact): Promise<void> {
  const { field, what } = words(next.channel);
  if (currentOf(account, next.channel) === next.contact) throw conflict(`${field}: This is already your ${what}.`);
  const holder = await findAccountByContact(deps.db, next.channel, next.contact);
  if (holder && holder.id !== account.id) throw conflict(`${field}: This ${what} is already used by another account.`);
}

/**
 * Sends a code to the NEW contact (same sending limits as sign-in codes), in `locale` (the
 * account's language, else the request's). Refused with 409 when that contact is the account's
 * already or another account's.
 */
export async function requestContactChange(
  deps: TAccountDeps,
  account: AuthAccount,
  next: TNewContact,
  ip: string,
  locale: TLocale,
): Promise<TContactChangeCode> {
  await refuseTaken(deps, account, next);
  const { expiresInSeconds } = await requestCode(deps, changeScope(account.id, next), ip, locale);
  return { channel: next.channel, destination: maskContact(next.channel, next.contact), expiresInSeconds };
}

/**
 * Checks the code sent to the new contact (wrong tries count as at sign-in; the fifth ends the
 * code) and, in one transaction, uses it up and puts the new contact in place of the old. Then the
 * old contact is told (or, when there was none, the account's other contact); a notice that
 * cannot be delivered is logged, the change stands.
 */
export async function confirmContactChange(
  deps: TAccountDeps,
  account: AuthAccount,
  next: TNewContact,
  otp: string,
  locale: TLocale,
): Promise<void> {
  await refuseTaken(deps, account, next);
  const now = deps.clock.now();
  const check = await verifyChallenge(deps.db, deps.otpKey, changeScope(account.id, next), otp, now);
  if (!check.ok) throw codeError(check.reason);
  const before = await deps.db
    .transaction(async (tx) => {
      const [row] = await tx
        .select({ email: accounts.email, phoneNumber: accounts.phoneNumber })
        .from(accounts)
        .where(eq(accounts.id, account.id))
        .for('update');
      if (!row || !(await consumeChallenge(tx, check.challenge.id, now))) throw codeError('no_code');
      await tx
        .update(accounts)
        .set(next.channel === 'email' ? { email: next.contact } : { phoneNumber: next.contact })
        .where(eq(accounts.id, account.id));
      return row;
    })
    .catch((error: unknown) => {
      if (!isUniqueViolation(error)) throw error;
      // Another account took it between the check and the write.
      const { field, what } = words(next.channel);
      throw conflict(`${field}: This ${what} is already used by another account.`);
    });
  await tellOldContact(deps, before, next, locale);
}

/** The notice of a change, in `locale`: to the old contact of that kind, else to the account's other contact. */
async function tellOldContact(deps: TAccountDeps, before: TCurrentContacts, next: TNewContact, locale: TLocale): Promise<void> {
  const t = translatorFor(locale, 'email');
  const previous = currentOf(before, next.channel);
  const values = { product: PRODUCT_NAME, channel: next.channel, masked: maskContact(next.channel, next.contact) };
  const sentence = previous ? t('contactChange.changed', values) : t('contactChange.added', values);
  const ifNotYou = t('contactChange.ifNotYou');
  const to: TNewContact | null = previous
    ? { channel: next.channel, contact: previous }
    : before.email
      ? { channel: 'email', contact: before.email }
      : before.phoneNumber
        ? { channel: 'phone', contact: before.phoneNumber }
        : null;
  if (!to) return;
  try {
    if (to.channel === 'email') {
      await deps.notifier.sendMail({
        to: to.contact,
        subject: previous ? t('contactChange.changedSubject', values) : t('contactChange.addedSubject', values),
        text: `${sentence}\n\n${ifNotYou}\n\n— ${PRODUCT_NAME}\n`,
      });
    } else {
      const number = toE164(to.contact);
      if (number) await deps.notifier.sendText(number, `${sentence} ${ifNotYou}`);
    }
  } catch (error) {
    deps.log.warn(
      { channel: to.channel, reason: error instanceof Error ? error.message : 'unexpected error' },
      'contact change notice failed',
    );
  }
}
