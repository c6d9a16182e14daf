import { eq, or } from 'drizzle-orm';
import type { TLoginResult, ZRegisterAppAccount } from '@vbc/shared';
import type { z } from 'zod';
import { accounts, type TOtpChannel } from '../platform/db/schema/index.ts';
import { conflict } from '../platform/errors/app-error.ts';
import type { TAccountDeps } from './deps.ts';
import { checkVerifiedCode, consumeChallenge } from './otp.ts';
import { completeSignIn } from './sign-in.ts';
import { issueSession, type IssuedSession } from './sessions.ts';
import { codeError } from './verify-contact.ts';
import { isUniqueViolation } from '../platform/db/unique-violation.ts';

type TRegister = z.output<typeof ZRegisterAppAccount>;

/**
 * RegisterAppAccount: each contact given must come with the code that
 * VerifyEmail / VerifyPhoneNumber accepted, within the verified window. The codes
 * are used up, the account created and the first session started in one
 * transaction: a failure leaves the codes usable and nothing created.
 */
export async function registerAccount(deps: TAccountDeps, body: TRegister): Promise<TLoginResult> {
  const now = deps.clock.now();
  const proofs: { channel: TOtpChannel; contact: string; code: string; field: string }[] = [];
  if (body.email !== undefined)
    proofs.push({ channel: 'email', contact: body.email, code: body.emailVerificationCode!, field: 'e-mail code' });
  if (body.phoneNumber !== undefined) {
    proofs.push({ channel: 'phone', contact: body.phoneNumber, code: body.phoneNumberVerificationCode!, field: 'phone code' });
  }

  // Checked outside the transaction so that wrong tries are counted even though the request fails.
  const challengeIds: string[] = [];
  for (const proof of proofs) {
    const check = await checkVerifiedCode(
      deps.db,
      deps.otpKey,
      { purpose: 'verify', channel: proof.channel, contact: proof.contact },
      proof.code,
      now,
    );
    if (!check.ok) throw codeError(check.reason, proof.field);
    challengeIds.push(check.challenge.id);
  }

  let signedIn: { accountId: string; session: IssuedSession };
  try {
    signedIn = await deps.db.transaction(async (tx) => {
      for (const id of challengeIds) if (!(await consumeChallenge(tx, id, now))) throw codeError('no_code');
      const taken = await tx
        .select({ email: accounts.email, phoneNumber: accounts.phoneNumber })
        .from(accounts)
        .where(
          or(
            body.email ? eq(accounts.email, body.email) : undefined,
            body.phoneNumber ? eq(accounts.phoneNumber, body.phoneNumber) : undefined,
          ),
        )
        .limit(1);
      if (taken[0]) throw accountExists(taken[0].email !== null && taken[0].email === body.email);
      const [account] = await tx
        .insert(accounts)
        .values({ name: body.name, email: body.email ?? null, phoneNumber: body.phoneNumber ?? null, createdAt: now })
        .returning({ id: accounts.id });
      return { accountId: account!.id, session: await issueSession(tx, account!.id, now) };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw accountExists(body.email !== undefined);
    throw error;
  }
  return completeSignIn(deps, signedIn.accountId, signedIn.session);
}

const accountExists = (byEmail: boolean) =>
  conflict(`An account with this ${byEmail ? 'e-mail' : 'phone number'} already exists: sign in instead.`);
