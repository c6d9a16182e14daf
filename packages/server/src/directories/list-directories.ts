import { asc, desc, eq, sql } from 'drizzle-orm';
import type { TDirectories } from '@vbc/shared';
import type { Db } from '../platform/db/client.ts';
import { preparedQuery } from '../platform/db/prepared.ts';
import { qualified } from '../platform/db/qualified.ts';
import { directoryFolderCards, directoryFolders } from '../platform/db/schema/index.ts';
import { getContact } from '../cards/index.ts';
import { reachedBusinessesJson, relationTo } from './business-directories.ts';
import { ensureSavedFolder } from './manage-folders.ts';
import { presentBusiness, presentFolder } from './present-directory.ts';

/**
 * The account's folders ("Saved" first, then by name) with their card counts and whether each
 * holds card `cardId` (null without one), each row also carrying the businesses the account
 * belongs to or follows (one JSON column, the same on every row): the whole list in one
 * statement, prepared once.
 */
const foldersAndBusinesses = preparedQuery((db) => {
  const folderId = qualified(directoryFolders.id);
  const cardId = sql`${sql.placeholder('cardId')}::uuid`;
  return db
    .select({
      folder: directoryFolders,
      cardCount: sql<number>`(select count(*)::int from ${directoryFolderCards} where ${qualified(directoryFolderCards.folderId)} = ${folderId})`,
      containsCard: sql<
        boolean | null
      >`case when ${cardId} is null then null else exists (select 1 from ${directoryFolderCards} where ${qualified(directoryFolderCards.folderId)} = ${folderId} and ${qualified(directoryFolderCards.contactId)} = ${cardId}) end`,
      businesses: reachedBusinessesJson(sql.placeholder('accountId')),
    })
    .from(directoryFolders)
    .where(eq(directoryFolders.accountId, sql.placeholder('accountId')))
    .orderBy(desc(directoryFolders.isSaved), asc(sql`lower(${qualified(directoryFolders.name)})`), asc(directoryFolders.id))
    .prepare('directories_list');
});

/**
 * GET /api/directories: the businesses the account belongs to or follows (by name), then its
 * folders, "Saved" first. With a card (id or quickId), each says whether it holds that card.
 */
export async function listDirectories(db: Db, accountId: string, contactId?: string): Promise<TDirectories> {
  const card = contactId === undefined ? undefined : (await getContact(db, contactId)).row;
  const read = () => foldersAndBusinesses(db).execute({ accountId, cardId: card?.id ?? null });
  let folders = await read();
  // Every account has its "Saved" folder from its first list on: made then, and the list read again.
  if (!folders.some((f) => f.folder.isSaved)) {
    await ensureSavedFolder(db, accountId);
    folders = await read();
  }
  const businesses = folders[0]?.businesses ?? [];
  const inBusiness = (profileId: string) => (card === undefined ? undefined : profileId === card.corporateProfileId);
  return {
    directories: [
      ...businesses.map((b) => presentBusiness(b, relationTo(b) === 'member' ? 'member' : 'follower', inBusiness(b.corporateProfileId))),
      ...folders.map((f) => presentFolder(f.folder, f.cardCount, f.containsCard ?? undefined)),
    ],
  };
}
