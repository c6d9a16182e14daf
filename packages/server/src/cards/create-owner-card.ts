import type { z } from 'zod';
import type { TCardWriteDeps } from './deps.ts';
import { insertContact } from './insert-contact.ts';
import { findContact, type FoundContact } from './find-contact.ts';
import type { ZCardCreateBody } from './card-input.ts';
import { claimOwnedImages, listImageRefs } from '../files/index.ts';

/**
 * A new card owned by `accountId`; its pictures must be the account's own uploads. (The claim
 * comes first and outside a transaction: insertContact retries its insert on a quickId clash.)
 * Sends the change notice once it is stored.
 */
export async function createOwnerCard(
  { db, changed }: TCardWriteDeps,
  accountId: string,
  input: z.infer<typeof ZCardCreateBody>,
): Promise<FoundContact> {
  await claimOwnedImages(db, accountId, listImageRefs(input));
  const row = await insertContact(db, input, { ownerAccountId: accountId });
  const found = (await findContact(db, row.id))!;
  await changed(row.id);
  return found;
}
