import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { TCardWriteDeps } from '../deps.ts';
import { virtualContacts } from '../../platform/db/schema/index.ts';
import { nextUpdatedAt } from '../../platform/db/row-version.ts';
import { slowHash } from '../../platform/crypto/slow-hash.ts';
import { AppError, badRequest, forbidden } from '../../platform/errors/app-error.ts';
import { getContact } from '../find-contact.ts';
import { contactColumns, isUnadopted, type ContactRow } from '../present-card.ts';
import { failureSummary, readGuard, resetGuard, resetGuardsByPrefix } from '../../platform/guards/attempt-guard.ts';
import { isCommonPin, PIN_CARD_POLICY, PIN_CLIENT_POLICY, pinClientKey } from './pin-rules.ts';
import type { TPinStatus } from '@vbc/shared/owner';

export type { TPinStatus };

/** The card, when `accountId` owns it; otherwise 404 / 403 (checked before anything is read or written). */
export async function getCardToManagePin(db: Db, contactId: string, accountId: string): Promise<ContactRow> {
  const { row } = await getContact(db, contactId);
  if (row.ownerAccountId !== accountId) throw forbidden("Only the card's owner can manage its PIN.");
  return row;
}

/** The owner's view of the PIN of a card they own. */
export async function pinStatus(db: Db, row: ContactRow, now = new Date()): Promise<TPinStatus> {
  const failures = await failureSummary(db, 'pin', row.id, new Date(now.getTime() - 24 * 60 * 60 * 1000));
  const cardGuard = await readGuard(db, PIN_CARD_POLICY.scope, row.id);
  const capped =
    cardGuard &&
    now.getTime() - cardGuard.windowStartedAt.getTime() < PIN_CARD_POLICY.windowMs &&
    cardGuard.attempts >= PIN_CARD_POLICY.limit;
  const enabled = row.pinHash !== null && (row.pinProtectionLevel ?? 0) > 0;
  return {
    enabled,
    pinProtectionLevel: enabled ? row.pinProtectionLevel : null,
    failedAttempts24h: failures.count,
    lastFailedAt: failures.lastAt?.toISOString() ?? null,
    lockedUntil: capped ? new Date(cardGuard.windowStartedAt.getTime() + PIN_CARD_POLICY.windowMs).toISOString() : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Sets (scrypt-hashed) or removes the PIN of a card the caller owns. A new
 * PIN starts with clean counters: lock-outs earned against the old one end,
 * and the PIN version moves, so every access token granted before stops working.
 * Sends the change notice once written.
 */
export async function setPin(
  { db, changed }: Pick<TCardWriteDeps, 'db' | 'changed'>,
  row: ContactRow,
  input: { pinCode: string | null; pinProtectionLevel?: number },
): Promise<ContactRow> {
  if (isUnadopted(row)) throw new AppError('conflict', 'This card has not been adopted yet.');
  let values: Pick<ContactRow, 'pinHash' | 'pinProtectionLevel'>;
  if (input.pinCode === null) {
    values = { pinHash: null, pinProtectionLevel: null };
  } else {
    if (isCommonPin(input.pinCode)) {
      throw badRequest('pinCode: this PIN is one of the most common PINs and easy to guess; choose another.');
    }
    values = { pinHash: await slowHash(input.pinCode), pinProtectionLevel: input.pinProtectionLevel ?? 1 };
  }
  const [updated] = await db
    .update(virtualContacts)
    .set({ ...values, pinVersion: sql`${virtualContacts.pinVersion} + 1`, updatedAt: nextUpdatedAt(virtualContacts.updatedAt) })
    .where(eq(virtualContacts.id, row.id))
    .returning(contactColumns);
  await resetGuard(db, PIN_CARD_POLICY.scope, row.id);
  await resetGuardsByPrefix(db, PIN_CLIENT_POLICY.scope, pinClientKey(row.id, ''));
  await changed(row.id);
  return updated!;
}
