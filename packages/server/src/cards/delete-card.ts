import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { virtualContacts } from '../db/schema/index.ts';
import { releaseUnusedImages } from '../files/release-images.ts';
import { listImageRefs } from './owned-images.ts';
import { getOwnedCard } from './owned-card.ts';
import { staleWrite, unchangedSince, type TPrecondition } from '../db/row-version.ts';

/**
 * Deletes a card its owner no longer wants, in one transaction; its daily
 * counts and recents entries cascade. The pictures it showed that the owner
 * uploaded and uses nowhere else (another card or a pet) go too: a deleted
 * card's photos stop being reachable and stop counting against the quota.
 * Returns the card id and the storage keys to remove after the commit.
 */
export async function deleteCard(db: Db, contactId: string, accountId: string, precondition: TPrecondition): Promise<{ contactId: string; storageKeys: string[] }> {
  const { row } = await getOwnedCard(db, contactId, accountId, 'write');
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(virtualContacts)
      .where(and(eq(virtualContacts.id, row.id), eq(virtualContacts.ownerAccountId, accountId), unchangedSince(virtualContacts.updatedAt, precondition)))
      .returning();
    if (!gone) {
      const now = await getOwnedCard(tx, row.id, accountId, 'write');
      throw staleWrite('card', now.row.updatedAt);
    }
    const storageKeys = await releaseUnusedImages(tx, accountId, listImageRefs(gone).map((r) => r.ref));
    return { contactId: row.id, storageKeys };
  });
}
