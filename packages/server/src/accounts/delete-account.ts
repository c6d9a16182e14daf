import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { accounts, displayItems, virtualContacts, virtualPets } from '../platform/db/schema/index.ts';
import { cardImageColumns } from '../files/index.ts';

/**
 * A part of account deletion owned by another module, run inside the deletion
 * transaction before the account's rows go. Messaging registers one that keeps
 * the messages for the other side and marks their author as a deleted account.
 * Throwing aborts the whole deletion.
 */
export interface AccountDeletionStep {
  name: string;
  run(tx: Db, accountId: string): Promise<void>;
}

export interface TDeletedAccount {
  /** Storage keys of the deleted images: removed from file storage after the commit. */
  storageKeys: string[];
}

/**
 * Deletes the account's personal data in the caller's transaction:
 * 1. the steps other modules registered (conversations…);
 * 2. its cards (a card is personal data: name, phones, photos; a physical card
 *    printed for it shows "not found" afterwards) and its pets;
 * 3. the pictures of those cards and pets, and the wall photos of the cards;
 * 4. the account row, which cascades its sessions (every token stops working),
 *    pending one-time codes and recents.
 */
export async function deleteAccountData(tx: Db, accountId: string, steps: readonly AccountDeletionStep[]): Promise<TDeletedAccount> {
  for (const step of steps) await step.run(tx, accountId);

  const cards = await tx.select(cardImageColumns).from(virtualContacts).where(eq(virtualContacts.ownerAccountId, accountId));
  const pets = await tx
    .select({ pictureDisplayItemId: virtualPets.pictureDisplayItemId })
    .from(virtualPets)
    .where(eq(virtualPets.ownerAccountId, accountId));
  const imageIds = new Set<string>();
  const obsecuredIds = new Set<string>();
  for (const card of cards) {
    for (const id of [card.pictureDisplayItemId, card.highResPictureDisplayItemId, card.heroImageDisplayItemId]) if (id) imageIds.add(id);
    for (const board of card.wall.boards) for (const item of board.items) obsecuredIds.add(item.photo.obsecuredDisplayItemId);
  }
  for (const pet of pets) if (pet.pictureDisplayItemId) imageIds.add(pet.pictureDisplayItemId);

  await tx.delete(virtualContacts).where(eq(virtualContacts.ownerAccountId, accountId));
  await tx.delete(virtualPets).where(eq(virtualPets.ownerAccountId, accountId));
  const storageKeys: string[] = [];
  const owned = eq(displayItems.ownerAccountId, accountId);
  for (const [column, ids] of [
    [displayItems.id, imageIds],
    [displayItems.obsecuredId, obsecuredIds],
  ] as const) {
    if (ids.size === 0) continue;
    const gone = await tx
      .delete(displayItems)
      .where(and(owned, inArray(column, [...ids])))
      .returning({ storageKey: displayItems.storageKey });
    storageKeys.push(...gone.map((g) => g.storageKey));
  }
  await tx.delete(accounts).where(eq(accounts.id, accountId));
  return { storageKeys };
}

/** deleteAccountData in its own transaction: all of it, or nothing. */
export async function deleteAccount(db: Db, accountId: string, steps: readonly AccountDeletionStep[]): Promise<TDeletedAccount> {
  return db.transaction((tx) => deleteAccountData(tx, accountId, steps));
}
