import type { Db } from '../platform/db/client.ts';
import { findContact, type FoundContact } from './find-contact.ts';
import { forbidden, notFound } from '../platform/errors/app-error.ts';

/**
 * The card (by id or quickId) when `accountId` owns it. For reads another
 * account gets the same 404 as for a card that does not exist; for writes a
 * 403 (the public page already shows that the card exists).
 */
export async function getOwnedCard(db: Db, contactId: string, accountId: string, use: 'read' | 'write'): Promise<FoundContact> {
  const found = await findContact(db, contactId);
  if (!found) throw notFound('card');
  if (found.row.ownerAccountId !== accountId) {
    throw use === 'read' ? notFound('card') : forbidden('Only the owner of this card can change it.');
  }
  return found;
}
