import { and, eq } from 'drizzle-orm';
import { removeStored, type TCardWriteDeps } from './deps.ts';
import { virtualContacts } from '../platform/db/schema/index.ts';
import { contactColumns } from './present-card.ts';
import { listImageRefs, releaseUnusedImages } from '../files/index.ts';
import { getOwnedCard } from './owned-card.ts';
import { staleWrite, unchangedSince, type TPrecondition } from '../platform/db/row-version.ts';

/**
 * Deletes a card its owner no longer wants, in one transaction; its daily
 * counts and recents entries cascade. The pictures it showed that the owner
 * uploaded and uses nowhere else (another card or a pet) go too: a deleted
 * card's photos stop being reachable and stop counting against the quota.
 * After the commit: the change notice, then the pictures' files are removed.
 */
export async function deleteCard(
  { db, storage, changed }: TCardWriteDeps,
  contactId: string,
  accountId: string,
  precondition: TPrecondition,
): Promise<void> {
  const { row } = await getOwnedCard(db, contactId, accountId, 'write');
  const storageKeys = await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(virtualContacts)
      .where(
        and(
          eq(virtualContacts.id, row.id),
          eq(virtualContacts.ownerAccountId, accountId),
          unchangedSince(virtualContacts.updatedAt, precondition),
        ),
      )
      .returning(contactColumns);
    if (!gone) {
      const now = await getOwnedCard(tx, row.id, accountId, 'write');
      throw staleWrite('card', now.row.updatedAt);
    }
    return releaseUnusedImages(
      tx,
      accountId,
      listImageRefs(gone).map((r) => r.ref),
    );
  });
  await changed(row.id);
  await removeStored(storage, storageKeys);
}
