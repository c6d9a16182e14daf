import { eq } from 'drizzle-orm';
import type { TOtpResponse } from '@vbc/shared';
import type { Db } from '../platform/db/client.ts';
import { accounts, type TOtpChannel } from '../platform/db/schema/index.ts';
import { AppError, badRequest } from '../platform/errors/app-error.ts';
import type { TAccountDeps } from './deps.ts';
import { consumeChallenge, verifyChallenge, type TCheck } from './otp.ts';
import { completeSignIn } from './sign-in.ts';
import { issueSession } from './sessions.ts';
import { checkCodeSignIn } from './request-code.ts';

/** The client-facing error for a failed code check: 400 to try again, 410 when a new code is needed. */
export function codeError(reason: Exclude<TCheck, { ok: true }>['reason'], what = 'code'): AppError {
  if (reason === 'wrong') return badRequest(`otp: The ${what} is wrong. Check it and try again.`);
  if (reason === 'too_many') return new AppError('gone', `otp: Too many wrong tries: this ${what} no longer works. Request a new code.`);
  return new AppError('gone', `otp: This ${what} has expired or was already used. Request a new code.`);
}

/** The account holding a contact, if any. */
export async function findAccountByContact(db: Db, channel: TOtpChannel, contact: string) {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(channel === 'email' ? eq(accounts.email, contact) : eq(accounts.phoneNumber, contact))
    .limit(1);
  return row;
}

/**
 * VerifyEmail / VerifyPhoneNumber: checks the code. A known contact is signed
 * in at once (the code is used up); a new contact's code stays verified, to be
 * used once by RegisterAppAccount within the verified window.
 */
export async function verifyContact(deps: TAccountDeps, channel: TOtpChannel, contact: string, code: string): Promise<TOtpResponse> {
  await checkCodeSignIn(deps, channel, contact);
  const now = deps.clock.now();
  const check = await verifyChallenge(deps.db, deps.otpKey, { purpose: 'verify', channel, contact }, code, now);
  if (!check.ok) throw codeError(check.reason);
  const response: TOtpResponse = { isAuthenticatedEmail: channel === 'email', isAuthenticatedNumber: channel === 'phone' };
  const account = await findAccountByContact(deps.db, channel, contact);
  if (!account) return response;
  if (!(await consumeChallenge(deps.db, check.challenge.id, now))) throw codeError('no_code');
  const session = await issueSession(deps.db, account.id, now);
  return { ...response, login: await completeSignIn(deps, account.id, session) };
}
