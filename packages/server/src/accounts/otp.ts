import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { OTP_CODE_LENGTH } from '@vbc/shared';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../platform/db/client.ts';
import { otpChallenges, type TOtpChannel, type TOtpPurpose } from '../platform/db/schema/index.ts';
import { OTP_MAX_ATTEMPTS, OTP_TTL_MS, OTP_VERIFIED_WINDOW_MS } from './otp-policy.ts';

/** What a code is bound to: purpose, channel, contact and (for deletion) the account. */
export interface TChallengeScope {
  purpose: TOtpPurpose;
  channel: TOtpChannel;
  contact: string;
  accountId?: string | null;
}

export type TChallengeRow = typeof otpChallenges.$inferSelect;

/** A uniformly random 6-digit code from the CSPRNG. */
export const generateCode = (): string => String(randomInt(0, 10 ** OTP_CODE_LENGTH)).padStart(OTP_CODE_LENGTH, '0');

/** The key codes are hashed with: derived from the server signing key, used for nothing else. */
export const otpKey = (signingKey: Buffer): Buffer => createHmac('sha256', signingKey).update('vbc/otp-code/v1').digest();

/** HMAC of (challenge id, code): a stored hash is useless without the server key and bound to its challenge. */
const hashCode = (key: Buffer, challengeId: string, code: string) =>
  createHmac('sha256', key).update(`${challengeId}:${code}`).digest('hex');

const matches = (key: Buffer, row: TChallengeRow, code: string) => {
  const expected = Buffer.from(row.codeHash, 'hex');
  const actual = Buffer.from(hashCode(key, row.id, code), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
};

const inScope = (scope: TChallengeScope): SQL =>
  and(
    eq(otpChallenges.purpose, scope.purpose),
    eq(otpChallenges.channel, scope.channel),
    eq(otpChallenges.contact, scope.contact),
    scope.accountId ? eq(otpChallenges.accountId, scope.accountId) : isNull(otpChallenges.accountId),
  )!;

/**
 * Issues a fresh code for `scope`. Every earlier code of the same scope stops
 * working (a resend replaces). Returns the code in clear, for delivery only.
 */
export async function issueChallenge(db: Db, key: Buffer, scope: TChallengeScope, now: Date): Promise<{ id: string; code: string }> {
  const id = randomUUID();
  const code = generateCode();
  await db.transaction(async (tx) => {
    await tx
      .update(otpChallenges)
      .set({ invalidatedAt: now })
      .where(and(inScope(scope), isNull(otpChallenges.invalidatedAt), isNull(otpChallenges.consumedAt)));
    await tx.insert(otpChallenges).values({
      id,
      ...scope,
      accountId: scope.accountId ?? null,
      codeHash: hashCode(key, id, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + OTP_TTL_MS),
    });
  });
  return { id, code };
}

/** Makes a challenge unusable (its delivery failed). */
export async function discardChallenge(db: Db, id: string, now: Date): Promise<void> {
  await db.update(otpChallenges).set({ invalidatedAt: now }).where(eq(otpChallenges.id, id));
}

/** Counts a wrong try; the challenge is invalidated when the limit is reached. Returns true when it was. */
async function countWrongTry(db: Db, id: string, now: Date): Promise<boolean> {
  const [row] = await db
    .update(otpChallenges)
    .set({
      attempts: sql`${otpChallenges.attempts} + 1`,
      invalidatedAt: sql`case when ${otpChallenges.attempts} + 1 >= ${OTP_MAX_ATTEMPTS} then ${now.toISOString()}::timestamptz else null end`,
    })
    .where(and(eq(otpChallenges.id, id), isNull(otpChallenges.invalidatedAt)))
    .returning({ invalidatedAt: otpChallenges.invalidatedAt });
  return !row || row.invalidatedAt !== null;
}

export type TCheck =
  | { ok: true; challenge: TChallengeRow }
  /** no_code: nothing live to check against (none sent, expired, used, replaced or invalidated). */
  | { ok: false; reason: 'no_code' | 'wrong' | 'too_many' };

/**
 * Checks a typed code against the live (sent, unexpired, unused) challenge of
 * `scope` and marks it verified. A wrong code counts a try; the fifth
 * invalidates the challenge.
 */
export async function verifyChallenge(db: Db, key: Buffer, scope: TChallengeScope, code: string, now: Date): Promise<TCheck> {
  const row = await newestOpenChallenge(
    db,
    scope,
    [isNull(otpChallenges.verifiedAt), gt(otpChallenges.expiresAt, now)],
    otpChallenges.createdAt,
  );
  const check = await checkCode(db, key, row, code, now);
  if (!check.ok) return check;
  const [verified] = await db
    .update(otpChallenges)
    .set({ verifiedAt: now })
    .where(
      and(
        eq(otpChallenges.id, check.challenge.id),
        isNull(otpChallenges.verifiedAt),
        isNull(otpChallenges.invalidatedAt),
        isNull(otpChallenges.consumedAt),
      ),
    )
    .returning();
  return verified ? { ok: true, challenge: verified } : { ok: false, reason: 'no_code' };
}

/** The verified, not yet consumed challenge of `scope` still inside its window, if any. */
export async function findVerified(db: Db, scope: TChallengeScope, now: Date): Promise<TChallengeRow | undefined> {
  const windowStart = new Date(now.getTime() - OTP_VERIFIED_WINDOW_MS);
  return newestOpenChallenge(
    db,
    scope,
    [isNotNull(otpChallenges.verifiedAt), gt(otpChallenges.verifiedAt, windowStart)],
    otpChallenges.verifiedAt,
  );
}

/**
 * Checks the code typed again against a verified challenge (registration).
 * A wrong code counts a try, as at verification.
 */
export async function checkVerifiedCode(db: Db, key: Buffer, scope: TChallengeScope, code: string, now: Date): Promise<TCheck> {
  return checkCode(db, key, await findVerified(db, scope, now), code, now);
}

/** The newest challenge of `scope` neither invalidated nor consumed that meets `where`, newest by `newestBy`. */
async function newestOpenChallenge(db: Db, scope: TChallengeScope, where: SQL[], newestBy: PgColumn): Promise<TChallengeRow | undefined> {
  const [row] = await db
    .select()
    .from(otpChallenges)
    .where(and(inScope(scope), isNull(otpChallenges.invalidatedAt), isNull(otpChallenges.consumedAt), ...where))
    .orderBy(desc(newestBy))
    .limit(1);
  return row;
}

/** A typed code against a challenge (or none to check): a wrong code counts a try. */
async function checkCode(db: Db, key: Buffer, row: TChallengeRow | undefined, code: string, now: Date): Promise<TCheck> {
  if (!row) return { ok: false, reason: 'no_code' };
  if (!matches(key, row, code)) return { ok: false, reason: (await countWrongTry(db, row.id, now)) ? 'too_many' : 'wrong' };
  return { ok: true, challenge: row };
}

/** Uses a challenge up, once: false when another request used it first. */
export async function consumeChallenge(db: Db, id: string, now: Date): Promise<boolean> {
  const [row] = await db
    .update(otpChallenges)
    .set({ consumedAt: now })
    .where(and(eq(otpChallenges.id, id), isNull(otpChallenges.consumedAt), isNull(otpChallenges.invalidatedAt)))
    .returning({ id: otpChallenges.id });
  return Boolean(row);
}
