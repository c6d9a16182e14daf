import { eq, sql } from 'drizzle-orm';
import type { TDirectories } from '@vbc/shared';
import type { Db } from '../platform/db/client.ts';
import { askedRows, batchedStatement, oneByElement } from '../platform/db/batched-statement.ts';
import { jsonArrayText, jsonLiteral, jsonText } from '../platform/db/json-text.ts';
import { preparedQuery } from '../platform/db/prepared.ts';
import { qualified } from '../platform/db/qualified.ts';
import { directoryFolderCards, directoryFolders } from '../platform/db/schema/index.ts';
import { getContact } from '../cards/index.ts';
import { reachedBusinessesJson, relationTo, type ReachedBusiness } from './business-directories.ts';
import { ensureSavedFolder } from './manage-folders.ts';
import { presentBusiness, presentFolder, type FolderRow } from './present-directory.ts';

/** One account's directories list asked for: the account, and the card (its id) each entry says whether it holds, or null. */
interface TListAsked {
  accountId: string;
  cardId: string | null;
}

/** A folder of the list as the statement writes it (`folders`: JSON). */
interface TListedFolder extends Pick<FolderRow, 'id' | 'name' | 'isSaved'> {
  cardCount: number;
  containsCard: boolean | null;
}

/** One account's list as the statement answers it: its folders and the businesses it reaches. */
interface TListRow {
  folders: TListedFolder[];
  businesses: ReachedBusiness[];
}

/**
 * The lists of a batch, one per element of the `accountIds` and `cardIds` arrays (a null card:
 * none), numbered from 1 in order (`asked.n`).
 */
const askedLists = askedRows({ account_id: ['accountIds', 'uuid'], card_id: ['cardIds', 'uuid'] });

/**
 * For each element of `askedLists`, one row: the account's folders ("Saved" first, then by name),
 * each with its card count and whether it holds the element's card (null without one), and the
 * businesses the account belongs to or follows, each a JSON array. Prepared once and batched (every
 * directories screen reads it): the lists asked for at once under load are one statement over the
 * arrays of their values (platform/db/batched-statement.ts).
 */
const foldersAndBusinesses = batchedStatement(
  preparedQuery((db) => {
    const folderId = qualified(directoryFolders.id);
    const folder = jsonText({
      id: directoryFolders.id,
      name: directoryFolders.name,
      isSaved: directoryFolders.isSaved,
      cardCount: jsonLiteral(
        sql`(select count(*) from ${directoryFolderCards} where ${qualified(directoryFolderCards.folderId)} = ${folderId})`,
      ),
      containsCard: jsonLiteral(
        sql`case when asked.card_id is null then null else exists (select 1 from ${directoryFolderCards} where ${qualified(directoryFolderCards.folderId)} = ${folderId} and ${qualified(directoryFolderCards.contactId)} = asked.card_id) end`,
      ),
    });
    // An aggregate of the account's folders: always one row, `[]` when it has none (JSON, which pg parses).
    const accountFolders = db
      .select({
        folders: sql<TListedFolder[]>`(${
          jsonArrayText(
            folder.jsonText,
            sql`${qualified(directoryFolders.isSaved)} desc, lower(${qualified(directoryFolders.name)}), ${folderId}`,
          ).jsonText
        })::json`.as('folders'),
      })
      .from(directoryFolders)
      .where(eq(directoryFolders.accountId, sql`asked.account_id`))
      .as('account_folders');
    return db
      .select({ n: sql<number>`asked.n`, folders: accountFolders.folders, businesses: reachedBusinessesJson(sql`asked.account_id`) })
      .from(askedLists)
      .crossJoinLateral(accountFolders)
      .prepare('directories_lists');
  }),
  async (statement, asked: readonly TListAsked[]) =>
    oneByElement(
      asked.length,
      await statement.execute({ accountIds: asked.map((a) => a.accountId), cardIds: asked.map((a) => a.cardId) }),
      ({ folders, businesses }): TListRow => ({ folders, businesses }),
      { folders: [], businesses: [] },
    ),
);

/**
 * GET /api/directories: the businesses the account belongs to or follows (by name), then its
 * folders, "Saved" first. With a card (id or quickId), each says whether it holds that card.
 */
export async function listDirectories(db: Db, accountId: string, contactId?: string): Promise<TDirectories> {
  const card = contactId === undefined ? undefined : (await getContact(db, contactId)).row;
  const read = () => foldersAndBusinesses(db, { accountId, cardId: card?.id ?? null });
  let list = await read();
  // Every account has its "Saved" folder from its first list on: made then, and the list read again.
  if (!list.folders.some((f) => f.isSaved)) {
    await ensureSavedFolder(db, accountId);
    list = await read();
  }
  const inBusiness = (profileId: string) => (card === undefined ? undefined : profileId === card.corporateProfileId);
  return {
    directories: [
      ...list.businesses.map((b) =>
        presentBusiness(b, relationTo(b) === 'member' ? 'member' : 'follower', inBusiness(b.corporateProfileId)),
      ),
      ...list.folders.map((f) => presentFolder(f, f.cardCount, f.containsCard ?? undefined)),
    ],
  };
}
