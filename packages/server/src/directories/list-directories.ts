import { asc, desc, eq, sql } from 'drizzle-orm';
import type { TDirectories } from '@vbc/shared';
import type { Db } from '../platform/db/client.ts';
import { directoryFolderCards, directoryFolders } from '../platform/db/schema/index.ts';
import { getContact } from '../cards/index.ts';
import { reachedBusinesses, relationTo } from './business-directories.ts';
import { ensureSavedFolder } from './manage-folders.ts';
import { presentBusiness, presentFolder } from './present-directory.ts';

/**
 * GET /api/directories: the businesses the account belongs to or follows (by name), then its
 * folders, "Saved" first. With a card (id or quickId), each says whether it holds that card.
 */
export async function listDirectories(db: Db, accountId: string, contactId?: string): Promise<TDirectories> {
  const card = contactId === undefined ? undefined : (await getContact(db, contactId)).row;
  const cardId = card?.id;
  await ensureSavedFolder(db, accountId);
  const businesses = await reachedBusinesses(db, accountId);
  const folders = await db
    .select({
      folder: directoryFolders,
      cardCount: sql<number>`(select count(*)::int from ${directoryFolderCards} where ${directoryFolderCards.folderId} = ${directoryFolders.id})`,
      containsCard:
        cardId === undefined
          ? sql<null>`null`
          : sql<boolean>`exists (select 1 from ${directoryFolderCards} where ${directoryFolderCards.folderId} = ${directoryFolders.id} and ${directoryFolderCards.contactId} = ${cardId})`,
    })
    .from(directoryFolders)
    .where(eq(directoryFolders.accountId, accountId))
    .orderBy(desc(directoryFolders.isSaved), asc(sql`lower(${directoryFolders.name})`), asc(directoryFolders.id));
  const inBusiness = (profileId: string) => (card === undefined ? undefined : profileId === card.corporateProfileId);
  return {
    directories: [
      ...businesses.map((b) => presentBusiness(b, relationTo(b) === 'member' ? 'member' : 'follower', inBusiness(b.corporateProfileId))),
      ...folders.map((f) => presentFolder(f.folder, f.cardCount, f.containsCard ?? undefined)),
    ],
  };
}
