import type { TPinValidation } from '@vbc/shared';
import { isPinProtected, ZPinCode } from '@vbc/shared';
import type { Db } from '../../platform/db/client.ts';
import { verifySlowHash } from '../../platform/crypto/slow-hash.ts';
import { AppError, badRequest, notFound, tooManyRequests } from '../../platform/errors/app-error.ts';
import { getContact } from '../find-contact.ts';
import { signPinAccess } from './pin-access.ts';
import { isUnadopted } from '../present-card.ts';
import { admitAttempt, recordFailure, refundAttempt, type Refusal } from '../../platform/guards/attempt-guard.ts';
import { PIN_CARD_POLICY, PIN_CLIENT_POLICY, PIN_CODE_API_MESSAGE, pinClientKey } from './pin-rules.ts';

const minutes = (ms: number) => {
  const m = Math.ceil(ms / 60_000);
  return m >= 120 ? `${Math.ceil(m / 60)} hours` : m === 1 ? '1 minute' : `${m} minutes`;
};

const refused = (refusal: Refusal, who: 'client' | 'card') => {
  const wait = refusal.retryAfterMs ?? 60_000;
  const message =
    who === 'client'
      ? `Too many wrong PINs. Try again in ${minutes(wait)}.`
      : `This card has had too many wrong PINs today. Try again in ${minutes(wait)}.`;
  return tooManyRequests(message, wait / 1000);
};

export interface ValidatePinInput {
  contactId: string;
  pinCode: string;
  /** The client's address: lock-outs apply per client. */
  client: string;
  /** Key that signs the access token (app.signingKey). */
  signingKey: Buffer;
  now?: Date;
}

/**
 * docs/contracts.md §3/§4 PIN check. The attempt is counted against the client and the
 * card before the PIN is compared (so parallel guesses cannot pass a limit)
 * and refunded when it was right. A locked client, or a card that has taken
 * 100 wrong PINs today, is refused (429) even with the right PIN. A right PIN
 * returns a 10-minute token for this card only, with its phones and emails.
 */
export async function validatePin(db: Db, input: ValidatePinInput): Promise<TPinValidation> {
  const now = input.now ?? new Date();
  const { row } = await getContact(db, input.contactId);
  if (isUnadopted(row)) throw notFound('card');
  if (!isPinProtected(row) || !row.pinHash) throw badRequest('This card is not protected by a PIN.');
  const pin = ZPinCode.safeParse(input.pinCode);
  if (!pin.success) throw badRequest(`pinCode: ${PIN_CODE_API_MESSAGE}`);

  const clientKey = pinClientKey(row.id, input.client);
  const card = await admitAttempt(db, PIN_CARD_POLICY, row.id, now);
  if (!card.ok) throw refused(card, 'card');
  const client = await admitAttempt(db, PIN_CLIENT_POLICY, clientKey, now);
  if (!client.ok) {
    await refundAttempt(db, PIN_CARD_POLICY, row.id);
    throw refused(client, 'client');
  }

  if (await verifySlowHash(pin.data, row.pinHash)) {
    await refundAttempt(db, PIN_CLIENT_POLICY, clientKey, { reset: true });
    await refundAttempt(db, PIN_CARD_POLICY, row.id);
    return { accessToken: signPinAccess(input.signingKey, row, now.getTime()), phones: row.phones, emails: row.emails };
  }
  await recordFailure(db, 'pin', row.id, input.client, now);
  const message =
    client.lockedForMs !== null
      ? `Wrong PIN. Too many wrong PINs: try again in ${minutes(client.lockedForMs)}.`
      : `Wrong PIN. ${Math.min(client.remaining, card.remaining)} tries left.`;
  throw new AppError('forbidden', message);
}
