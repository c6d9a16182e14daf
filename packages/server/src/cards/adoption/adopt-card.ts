import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { virtualContacts } from '../../db/schema/index.ts';
import { verifySlowHash } from '../../crypto/slow-hash.ts';
import { AppError, badRequest, conflict, forbidden, tooManyRequests } from '../../errors/app-error.ts';
import { getContact } from '../find-contact.ts';
import { isUnadopted, type ContactRow } from '../presenter.ts';
import { admitAttempt, readGuard, recordFailure, refundAttempt, resetGuard, type Refusal } from '../../guards/attempt-guard.ts';
import { ADOPT_ACCOUNT_POLICY, ADOPT_CARD_POLICY, normalizePasscode } from './passcode.ts';

const alreadyAdopted = () => conflict('This card has already been adopted.');
const needsOperator = () =>
  new AppError('locked', 'This card is locked after too many wrong adoption codes. Contact support to unlock it.');

const refused = (refusal: Refusal, who: 'card' | 'account') => {
  if (refusal.reason === 'lifetime') return needsOperator();
  const wait = refusal.retryAfterMs ?? 60_000;
  const minutes = Math.max(1, Math.ceil(wait / 60_000));
  const message = who === 'card'
    ? `Too many wrong adoption codes for this card. Try again in ${minutes} minutes.`
    : `Too many wrong adoption codes. Try again in ${minutes} minutes.`;
  return tooManyRequests(message, wait / 1000);
};

/**
 * SPEC §7 canAdopt: the card exists, waits to be adopted and is not locked
 * for good after too many wrong codes. Throws the reason otherwise.
 */
export async function assertAdoptable(db: Db, contactId: string): Promise<ContactRow> {
  const { row } = await getContact(db, contactId);
  if (!isUnadopted(row)) throw alreadyAdopted();
  const guard = await readGuard(db, ADOPT_CARD_POLICY.scope, row.id);
  if (guard && guard.total >= ADOPT_CARD_POLICY.lifetimeLimit!) throw needsOperator();
  return row;
}

/**
 * SPEC §7 adopt: binds an unadopted card to the account when `code` is its
 * passcode. Each try is counted before the code is compared (per card: 10 an
 * hour, 100 in all; per account: 20 an hour) and refunded when right. The
 * binding is one conditional UPDATE on the passcode hash just verified, so of
 * two adopters exactly one wins; the other gets 409 and nothing changes.
 */
export async function adoptCard(
  db: Db,
  input: { contactId: string; code: string; accountId: string; now?: Date },
): Promise<ContactRow> {
  const now = input.now ?? new Date();
  const code = normalizePasscode(input.code);
  if (!code) throw badRequest('code: the adoption code is 8 letters and digits');
  const row = await assertAdoptable(db, input.contactId);
  const passcodeHash = row.passcodeHash!;

  const account = await admitAttempt(db, ADOPT_ACCOUNT_POLICY, input.accountId, now);
  if (!account.ok) throw refused(account, 'account');
  const card = await admitAttempt(db, ADOPT_CARD_POLICY, row.id, now);
  if (!card.ok) {
    await refundAttempt(db, ADOPT_ACCOUNT_POLICY, input.accountId);
    throw refused(card, 'card');
  }

  if (!(await verifySlowHash(code, passcodeHash))) {
    await recordFailure(db, 'adopt', row.id, input.accountId, now);
    throw forbidden('Wrong adoption code.');
  }
  await refundAttempt(db, ADOPT_ACCOUNT_POLICY, input.accountId);
  const adopted = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(virtualContacts)
      .set({ ownerAccountId: input.accountId, passcodeHash: null, updatedAt: now })
      .where(and(eq(virtualContacts.id, row.id), isNull(virtualContacts.ownerAccountId), eq(virtualContacts.passcodeHash, passcodeHash)))
      .returning();
    if (updated) await resetGuard(tx, ADOPT_CARD_POLICY.scope, row.id);
    return updated;
  });
  if (!adopted) throw alreadyAdopted();
  return adopted;
}
