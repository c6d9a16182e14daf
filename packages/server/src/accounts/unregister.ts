import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { TUnregisterOtpResponse } from '@vbc/shared';
import type { TLocale } from '@vbc/shared/i18n/locales';
import { otpChallenges } from '../platform/db/schema/index.ts';
import { AppError } from '../platform/errors/app-error.ts';
import { deleteAccountData, type AccountDeletionStep, type TDeletedAccount } from './delete-account.ts';
import type { TAccountDeps } from './deps.ts';
import { verifyChallenge, type TChallengeScope } from './otp.ts';
import { OTP_VERIFIED_WINDOW_MS } from './otp-policy.ts';
import { requestCode } from './request-code.ts';
import type { AuthAccount } from './sessions.ts';

/** The contact a deletion code goes to: the account's e-mail, else its phone. */
function unregisterScope(account: Pick<AuthAccount, 'id' | 'email' | 'phoneNumber'>): TChallengeScope {
  if (account.email) return { purpose: 'unregister', channel: 'email', contact: account.email, accountId: account.id };
  return { purpose: 'unregister', channel: 'phone', contact: account.phoneNumber!, accountId: account.id };
}

/** `ana@example.com` → `a**@example.com`; `09171234567` → `*******4567`. */
export function maskContact(channel: 'email' | 'phone', contact: string): string {
  if (channel === 'phone') return '*'.repeat(Math.max(0, contact.length - 4)) + contact.slice(-4);
  const [local = '', domain = ''] = contact.split('@');
  return `${local.slice(0, 1)}${'*'.repeat(Math.max(1, local.length - 1))}@${domain}`;
}

/**
 * RequestUnRegisterOtp: sends a deletion code to the signed-in account's contact (same limits as
 * sign-in codes), in `locale` (the account's language, else the request's).
 */
export async function requestUnregisterCode(
  deps: TAccountDeps,
  account: AuthAccount,
  ip: string,
  locale: TLocale,
): Promise<TUnregisterOtpResponse> {
  const scope = unregisterScope(account);
  const { expiresInSeconds } = await requestCode(deps, scope, ip, locale);
  return { channel: scope.channel, destination: maskContact(scope.channel, scope.contact), expiresInSeconds };
}

/** VerifyUnregisterOtp: true when the code is right; false for any failure (wrong, expired, used, malformed). */
export async function verifyUnregisterCode(deps: TAccountDeps, account: AuthAccount, otp: string): Promise<boolean> {
  const check = await verifyChallenge(deps.db, deps.otpKey, unregisterScope(account), otp.trim(), deps.clock.now());
  return check.ok;
}

/**
 * unregisterAppAccount: needs a deletion code verified within the window; uses
 * it up and deletes the account's data in one transaction.
 */
export async function unregisterAccount(
  deps: TAccountDeps,
  account: AuthAccount,
  steps: readonly AccountDeletionStep[],
): Promise<TDeletedAccount> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [used] = await tx
      .update(otpChallenges)
      .set({ consumedAt: now })
      .where(
        and(
          eq(otpChallenges.purpose, 'unregister'),
          eq(otpChallenges.accountId, account.id),
          isNotNull(otpChallenges.verifiedAt),
          gt(otpChallenges.verifiedAt, new Date(now.getTime() - OTP_VERIFIED_WINDOW_MS)),
          isNull(otpChallenges.consumedAt),
          isNull(otpChallenges.invalidatedAt),
        ),
      )
      .returning({ id: otpChallenges.id });
    if (!used) {
      throw new AppError(
        'forbidden',
        'Confirm the deletion first: request a code (RequestUnRegisterOtp) and enter it (VerifyUnregisterOtp).',
      );
    }
    return deleteAccountData(tx, account.id, steps);
  });
}
