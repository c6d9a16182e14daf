import { and, count, eq } from 'drizzle-orm';
import { DIRECTORY_LIMITS } from '@vbc/shared';
import type { Db } from '../platform/db/client.ts';
import { directoryFolderCards } from '../platform/db/schema/index.ts';
import { AppError, conflict } from '../platform/errors/app-error.ts';
import { getContact } from '../cards/index.ts';
import { getOwnFolder } from './manage-folders.ts';

/** Puts a card (by id or quickId) into one of the account's folders; saving it again changes nothing. */
export async function addCardToFolder(db: Db, accountId: string, folderId: string, contactId: string): Promise<void> {
  const folder = await getOwnFolder(db, accountId, folderId);
  const { row: card } = await getContact(db, contactId);
  await db.transaction(async (tx) => {
    const [held] = await tx.select({ n: count() }).from(directoryFolderCards).where(eq(directoryFolderCards.folderId, folder.id));
    if ((held?.n ?? 0) >= DIRECTORY_LIMITS.cardsPerFolder) {
      const [already] = await tx
        .select({ n: count() })
        .from(directoryFolderCards)
        .where(and(eq(directoryFolderCards.folderId, folder.id), eq(directoryFolderCards.contactId, card.id)));
      if (!already?.n) throw conflict(`The folder "${folder.name}" is full: it holds at most ${DIRECTORY_LIMITS.cardsPerFolder} cards.`);
    }
    await tx.insert(directoryFolderCards).values({ folderId: folder.id, contactId: card.id }).onConflictDoNothing();
  });
}

/** Takes a card (by id or quickId) out of one of the account's folders; 404 when it is not there. */
export async function removeCardFromFolder(db: Db, accountId: string, folderId: string, contactId: string): Promise<void> {
  const folder = await getOwnFolder(db, accountId, folderId);
  const { row: card } = await getContact(db, contactId);
  const removed = await db
    .delete(directoryFolderCards)
    .where(and(eq(directoryFolderCards.folderId, folder.id), eq(directoryFolderCards.contactId, card.id)))
    .returning({ contactId: directoryFolderCards.contactId });
  if (removed.length === 0) throw new AppError('not_found', `That card is not in the folder "${folder.name}".`);
}
