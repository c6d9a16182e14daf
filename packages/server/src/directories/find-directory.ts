import { asc, desc, eq } from 'drizzle-orm';
import type { TDirectory } from '@vbc/shared';
import type { Db } from '../platform/db/client.ts';
import { directoryFolderCards, directoryFolders, virtualContacts } from '../platform/db/schema/index.ts';
import { notFound } from '../platform/errors/app-error.ts';
import { presentCardSummary } from '../cards/index.ts';
import { findBusiness, relationTo } from './business-directories.ts';
import { presentBusiness, presentFolder } from './present-directory.ts';

/**
 * GET /api/directories/{dirId}: a folder opens only for its owner (newest saved first); a
 * business directory for its members and followers, and for anyone (signed out too) when the
 * business made it public (cards by name). Anything else is a 404, whether or not it exists.
 */
export async function findDirectory(db: Db, dirId: string, accountId: string | null): Promise<TDirectory> {
  const [folder] = await db.select().from(directoryFolders).where(eq(directoryFolders.id, dirId)).limit(1);
  if (folder) {
    if (folder.accountId !== accountId) throw notFound('directory');
    const rows = await db
      .select({ card: virtualContacts })
      .from(directoryFolderCards)
      .innerJoin(virtualContacts, eq(virtualContacts.id, directoryFolderCards.contactId))
      .where(eq(directoryFolderCards.folderId, folder.id))
      .orderBy(desc(directoryFolderCards.addedAt), asc(virtualContacts.id));
    return { ...presentFolder(folder, rows.length), cards: rows.map((r) => presentCardSummary(r.card)) };
  }
  const business = await findBusiness(db, dirId, accountId);
  const relation = business && relationTo(business);
  if (!business || !relation) throw notFound('directory');
  const cards = await db
    .select()
    .from(virtualContacts)
    .where(eq(virtualContacts.corporateProfileId, business.corporateProfileId))
    .orderBy(asc(virtualContacts.firstName), asc(virtualContacts.lastName), asc(virtualContacts.id));
  return { ...presentBusiness(business, relation), cards: cards.map(presentCardSummary) };
}
