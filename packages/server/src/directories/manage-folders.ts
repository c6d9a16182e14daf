import { and, count, eq } from 'drizzle-orm';
import { DIRECTORY_LIMITS, SAVED_FOLDER_NAME, type TDirectorySummary } from '@vbc/shared';
import type { Db } from '../platform/db/client.ts';
import { directoryFolderCards, directoryFolders } from '../platform/db/schema/index.ts';
import { isUniqueViolation } from '../platform/db/unique-violation.ts';
import { badRequest, conflict, notFound } from '../platform/errors/app-error.ts';
import { presentFolder, type FolderRow } from './present-directory.ts';

const nameTaken = (name: string) => conflict(`You already have a folder named "${name}".`);

/** Makes the account's "Saved" folder if it has none yet (every account has one). */
export async function ensureSavedFolder(db: Db, accountId: string): Promise<void> {
  await db.insert(directoryFolders).values({ accountId, name: SAVED_FOLDER_NAME, isSaved: true }).onConflictDoNothing();
}

/** One of the account's own folders, or a 404 (another account's folder is not found either). */
export async function getOwnFolder(db: Db, accountId: string, folderId: string): Promise<FolderRow> {
  const [row] = await db
    .select()
    .from(directoryFolders)
    .where(and(eq(directoryFolders.id, folderId), eq(directoryFolders.accountId, accountId)))
    .limit(1);
  if (!row) throw notFound('folder');
  return row;
}

/** A new, empty folder; 409 when the account has one of that name (ignoring case) or has too many. */
export async function createFolder(db: Db, accountId: string, name: string): Promise<TDirectorySummary> {
  await ensureSavedFolder(db, accountId);
  const [owned] = await db.select({ n: count() }).from(directoryFolders).where(eq(directoryFolders.accountId, accountId));
  // "Saved" does not count against the limit.
  if ((owned?.n ?? 0) > DIRECTORY_LIMITS.foldersPerAccount) {
    throw conflict(`You have reached the limit of ${DIRECTORY_LIMITS.foldersPerAccount} folders: delete one first.`);
  }
  const [row] = await db.insert(directoryFolders).values({ accountId, name }).onConflictDoNothing().returning();
  if (!row) throw nameTaken(name);
  return presentFolder(row, 0);
}

/** Renames one of the account's folders; "Saved" keeps its name (400), a name in use is a 409. */
export async function renameFolder(db: Db, accountId: string, folderId: string, name: string): Promise<TDirectorySummary> {
  const folder = await getOwnFolder(db, accountId, folderId);
  if (folder.isSaved) throw badRequest(`The ${SAVED_FOLDER_NAME} folder cannot be renamed.`);
  let row: FolderRow | undefined;
  try {
    [row] = await db.update(directoryFolders).set({ name }).where(eq(directoryFolders.id, folder.id)).returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(name);
    throw error;
  }
  if (!row) throw notFound('folder');
  const [cards] = await db.select({ n: count() }).from(directoryFolderCards).where(eq(directoryFolderCards.folderId, folder.id));
  return presentFolder(row, cards?.n ?? 0);
}

/** Deletes one of the account's folders with its list of cards (the cards themselves stay); "Saved" cannot be deleted (400). */
export async function deleteFolder(db: Db, accountId: string, folderId: string): Promise<void> {
  const folder = await getOwnFolder(db, accountId, folderId);
  if (folder.isSaved) throw badRequest(`The ${SAVED_FOLDER_NAME} folder cannot be deleted.`);
  await db.delete(directoryFolders).where(eq(directoryFolders.id, folder.id));
}
