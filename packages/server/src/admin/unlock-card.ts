import type { Db } from '../platform/db/client.ts';
import { ADOPT_CARD_POLICY, getContact, PIN_CARD_POLICY, PIN_CLIENT_POLICY, pinClientKey } from '../cards/index.ts';
import { resetGuard, resetGuardsByPrefix } from '../platform/guards/attempt-guard.ts';

/** Clears the guessing counters of a card (PIN, per card and per client, and adoption), or a 404. */
export async function unlockCard(db: Db, contactId: string): Promise<{ virtualContactId: string; unlocked: true }> {
  const { row } = await getContact(db, contactId);
  await resetGuard(db, ADOPT_CARD_POLICY.scope, row.id);
  await resetGuard(db, PIN_CARD_POLICY.scope, row.id);
  await resetGuardsByPrefix(db, PIN_CLIENT_POLICY.scope, pinClientKey(row.id, ''));
  return { virtualContactId: row.id, unlocked: true };
}
