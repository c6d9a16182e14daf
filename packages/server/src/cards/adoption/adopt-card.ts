import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { TCardWriteDeps } from '../deps.ts';
import { accounts, virtualContacts } from '../../platform/db/schema/index.ts';
import { verifySlowHash } from '../../platform/crypto/slow-hash.ts';
import type { TAdoptRefusal } from '@vbc/shared/adoption';
import { AppError, badRequest } from '../../platform/errors/app-error.ts';
import { getContact } from '../find-contact.ts';
import { contactColumns, isUnadopted, type ContactRow } from '../present-card.ts';
import {
  admitAttempt,
  readGuard,
  recordFailure,
  refundAttempt,
  resetGuard,
  type Admission,
  type Refusal,
} from '../../platform/guards/attempt-guard.ts';
import { ADOPT_ACCOUNT_POLICY, ADOPT_CARD_POLICY, normalizePasscode } from './passcode.ts';

/** A refused adoption: its status and message, and the reason with its numbers in the body (TAdoptRefusal). */
const refusal = (code: 'forbidden' | 'too_many_requests' | 'locked' | 'conflict', message: string, details: TAdoptRefusal, headers = {}) =>
  new AppError(code, message, headers, { ...details });

const alreadyAdopted = () => refusal('conflict', 'This card has already been adopted.', { reason: 'already_adopted' });
const needsOperator = () =>
  refusal('locked', 'This card is locked after too many wrong adoption codes. Contact support to unlock it.', { reason: 'locked' });
const minutesOf = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

const refused = (refused_: Refusal, who: 'card' | 'account', now: Date) => {
  if (refused_.reason === 'lifetime') return needsOperator();
  const wait = refused_.retryAfterMs ?? 60_000;
  const minutes = minutesOf(wait);
  const message =
    who === 'card'
      ? `Too many wrong adoption codes for this card. Try again in ${minutes} minutes.`
      : `Too many wrong adoption codes. Try again in ${minutes} minutes.`;
  const retryAt = new Date(now.getTime() + wait).toISOString();
  return refusal('too_many_requests', message, { reason: 'too_many_tries', retryAt }, { 'retry-after': String(Math.ceil(wait / 1000)) });
};

/** A wrong code: how many tries are left (the smaller of the card's and the account's) and, at none, until when. */
const wrongCode = (account: Admission, card: Admission, now: Date) => {
  const triesLeft = Math.min(account.remaining, card.remaining);
  if (triesLeft > 0)
    return refusal('forbidden', `Wrong adoption code. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`, {
      reason: 'wrong_code',
      triesLeft,
    });
  const wait = Math.max(account.remaining === 0 ? account.resetsInMs : 0, card.remaining === 0 ? card.resetsInMs : 0);
  const retryAt = new Date(now.getTime() + wait).toISOString();
  return refusal('forbidden', `Wrong adoption code. No tries left: try again in ${minutesOf(wait)} minutes.`, {
    reason: 'wrong_code',
    triesLeft,
    retryAt,
  });
};

/**
 * docs/contracts.md §7 canAdopt: the card exists, waits to be adopted and is not locked
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
 * docs/contracts.md §7 adopt: binds an unadopted card to the account when `code` is its
 * passcode. Each try is counted before the code is compared (per card: 10 an
 * hour, 100 in all; per account: 20 an hour) and refunded when right. The
 * binding is one conditional UPDATE on the passcode hash just verified, so of
 * two adopters exactly one wins; the other gets 409 and nothing changes.
 * Sends the change notice once bound.
 */
export async function adoptCard(
  { db, changed }: Pick<TCardWriteDeps, 'db' | 'changed'>,
  input: { contactId: string; code: string; accountId: string; now?: Date },
): Promise<ContactRow> {
  const now = input.now ?? new Date();
  const code = normalizePasscode(input.code);
  if (!code) throw badRequest('code: the adoption code is 8 letters and digits');
  const row = await assertAdoptable(db, input.contactId);
  const passcodeHash = row.passcodeHash!;

  const account = await admitAttempt(db, ADOPT_ACCOUNT_POLICY, input.accountId, now);
  if (!account.ok) throw refused(account, 'account', now);
  const card = await admitAttempt(db, ADOPT_CARD_POLICY, row.id, now);
  if (!card.ok) {
    await refundAttempt(db, ADOPT_ACCOUNT_POLICY, input.accountId);
    throw refused(card, 'card', now);
  }

  if (!(await verifySlowHash(code, passcodeHash))) {
    await recordFailure(db, 'adopt', row.id, input.accountId, now);
    throw wrongCode(account, card, now);
  }
  await refundAttempt(db, ADOPT_ACCOUNT_POLICY, input.accountId);
  const [owner] = await db
    .select({ name: accounts.name, email: accounts.email, phoneNumber: accounts.phoneNumber })
    .from(accounts)
    .where(eq(accounts.id, input.accountId))
    .limit(1);
  const adopted = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(virtualContacts)
      .set({ ownerAccountId: input.accountId, passcodeHash: null, updatedAt: now, ...(owner ? prefillFromAccount(row, owner) : {}) })
      .where(and(eq(virtualContacts.id, row.id), isNull(virtualContacts.ownerAccountId), eq(virtualContacts.passcodeHash, passcodeHash)))
      .returning(contactColumns);
    if (updated) await resetGuard(tx, ADOPT_CARD_POLICY.scope, row.id);
    return updated;
  });
  if (!adopted) throw alreadyAdopted();
  await changed(adopted.id);
  return adopted;
}

/**
 * A newly adopted card starts from its owner's account (issue 13: a blank card showed "0 views"
 * and a silhouette): the account's name as first and last name, its e-mail and phone as the
 * card's first rows. Only what the card leaves empty; the owner edits it all in the first-time set-up.
 */
export function prefillFromAccount(
  row: Pick<ContactRow, 'firstName' | 'lastName' | 'emails' | 'phones'>,
  account: { name: string; email: string | null; phoneNumber: string | null },
): Partial<Pick<ContactRow, 'firstName' | 'lastName' | 'emails' | 'phones'>> {
  const fill: Partial<Pick<ContactRow, 'firstName' | 'lastName' | 'emails' | 'phones'>> = {};
  const words = account.name.trim().split(/\s+/).filter(Boolean);
  if (!row.firstName.trim() && !row.lastName.trim() && words.length > 0) {
    fill.firstName = (words.length > 1 ? words.slice(0, -1) : words).join(' ').slice(0, 100);
    fill.lastName = words.length > 1 ? words.at(-1)!.slice(0, 100) : '';
  }
  if (row.emails.length === 0 && account.email) fill.emails = [{ email: account.email, name: null }];
  if (row.phones.length === 0 && account.phoneNumber) fill.phones = [{ phoneNumber: account.phoneNumber, type: 'Mobile' }];
  return fill;
}
