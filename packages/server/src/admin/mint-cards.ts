import { z } from 'zod';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { cardShareUrl, type TDesign } from '@vbc/shared';
import type { Db } from '../platform/db/client.ts';
import { slowHash } from '../platform/crypto/slow-hash.ts';
import { ADOPT_CARD_POLICY, insertContact, getContact, isUnadopted, newPasscode } from '../cards/index.ts';
import { virtualContacts } from '../platform/db/schema/index.ts';
import { conflict } from '../platform/errors/app-error.ts';
import { resetGuard } from '../platform/guards/attempt-guard.ts';

/** One minted card: the passcode is returned only here, never stored in clear. */
export const ZMintedCard = z.object({
  virtualContactId: z.string(),
  quickId: z.string(),
  passcode: z.string(),
  /** The share link to print (redirects to the card). */
  url: z.string(),
});
export type TMintedCard = z.infer<typeof ZMintedCard>;

/** Hashes in parallel: scrypt runs on libuv's thread pool (4 threads). */
const HASH_CONCURRENCY = 4;

/**
 * Makes `count` unadopted cards (no owner, a passcode hash), each with a fresh
 * CSPRNG passcode, in the given layout.
 */
export async function mintCards(db: Db, input: { count: number; design: TDesign; publicUrl: string }): Promise<TMintedCard[]> {
  const minted: TMintedCard[] = new Array(input.count);
  let next = 0;
  const worker = async () => {
    while (next < input.count) {
      const i = next++;
      const passcode = newPasscode();
      const row = await insertContact(
        db,
        { firstName: '', lastName: '', designSpecification: { design: { designation: input.design }, theme: { designation: 'dark' } } },
        { passcodeHash: await slowHash(passcode) },
      );
      minted[i] = {
        virtualContactId: row.id,
        quickId: row.quickId,
        passcode,
        url: cardShareUrl(input.publicUrl, { virtualContactId: row.id, quickId: row.quickId }),
      };
    }
  };
  await Promise.all(Array.from({ length: Math.min(HASH_CONCURRENCY, input.count) }, worker));
  return minted;
}

/**
 * A new passcode for a card that is still unadopted (the old one was lost or
 * leaked): the old one stops working and the guessing counters start again. 404 for no such card.
 */
export async function replacePasscode(db: Db, contactId: string, publicUrl: string): Promise<TMintedCard> {
  const { row } = await getContact(db, contactId);
  const notWaiting = () => conflict('This card is not waiting to be adopted.');
  if (!isUnadopted(row)) throw notWaiting();
  const passcode = newPasscode();
  const [updated] = await db
    .update(virtualContacts)
    .set({ passcodeHash: await slowHash(passcode), updatedAt: new Date() })
    .where(and(eq(virtualContacts.id, row.id), isNull(virtualContacts.ownerAccountId), isNotNull(virtualContacts.passcodeHash)))
    .returning({ id: virtualContacts.id });
  if (!updated) throw notWaiting();
  await resetGuard(db, ADOPT_CARD_POLICY.scope, row.id);
  return {
    virtualContactId: row.id,
    quickId: row.quickId,
    passcode,
    url: cardShareUrl(publicUrl, { virtualContactId: row.id, quickId: row.quickId }),
  };
}
