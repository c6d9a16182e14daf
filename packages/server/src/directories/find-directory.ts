import { and, asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { isUuid, type TDirectory, type TDirectoryQuery } from '@vbc/shared';
import type { Db } from '../platform/db/client.ts';
import { directoryFolderCards, directoryFolders, virtualContacts } from '../platform/db/schema/index.ts';
import { badRequest, notFound } from '../platform/errors/app-error.ts';
import { cardSummaryColumns, presentCardSummary, storedCardSummaryJson } from '../cards/index.ts';
import { cardTextMatches } from '../search/index.ts';
import { preparedQuery } from '../platform/db/prepared.ts';
import { batchedBusinessPages, findBusiness, relationTo, type TBusinessPageAsked } from './business-directories.ts';
import { presentBusiness, presentFolder } from './present-directory.ts';

/**
 * A page's last card as an opaque cursor: its place in the directory's order (a folder's: when it
 * was saved, as PostgreSQL's text to the microsecond, and its id; a business's: first name, last
 * name and id).
 */
const encodeCursor = (place: string[]) => Buffer.from(JSON.stringify(place)).toString('base64url');

function decodeCursor(cursor: string, length: number): string[] {
  let place: unknown;
  try {
    place = JSON.parse(Buffer.from(cursor, 'base64url').toString());
  } catch {
    place = null;
  }
  const valid =
    Array.isArray(place) && place.length === length && place.every((p) => typeof p === 'string') && isUuid(place[length - 1] as string);
  if (!valid) throw badRequest('cursor: Not a cursor of this directory.');
  return place as string[];
}

/** One more than the page: whether there is a next page is whether it came back. */
const pageOf = <T>(rows: T[], limit: number, place: (last: T) => string[]) => ({
  rows: rows.slice(0, limit),
  nextCursor: rows.length > limit ? encodeCursor(place(rows[limit - 1]!)) : null,
});

/** A directory's row by id: every directory page starts by asking whether it is a folder. */
const folderById = preparedQuery((db) =>
  db
    .select()
    .from(directoryFolders)
    .where(eq(directoryFolders.id, sql.placeholder('dirId')))
    .limit(1)
    .prepare('directory_folder_by_id'),
);

const v = virtualContacts;

/** Cards after a business page's last card (first name, last name, id). */
const afterPlace = (firstName: SQL | string, lastName: SQL | string, id: SQL | string): SQL =>
  sql`(${v.firstName}, ${v.lastName}, ${v.id}) > (${firstName}, ${lastName}, ${id}::uuid)`;

/** `text` (an SQL expression) as base64url without padding, as encodeCursor writes a cursor. */
const base64url = (text: SQL) => sql`rtrim(translate(encode(convert_to(${text}, 'UTF8'), 'base64'), E'+/\\n', '-_'), '=')`;

/**
 * A business's cards linked to profile `profileId` by name, a page of `limit` from `after`, as the
 * end of the directory's answer written by PostgreSQL: `{"cards": […], "nextCursor": …}` as text,
 * each card as presentCardSummary presents it, the cursor the page's last card's place when one
 * more card came back. Sent as it comes, never parsed and written again: a page is 50 cards.
 */
const cardsByName = (profileId: SQL, matches: SQL | undefined, after: SQL | undefined, limit: SQL) =>
  sql<string>`(select '{"cards":' || coalesce('[' || string_agg(p.card, ',' order by p.n) filter (where p.n <= ${limit}) || ']', '[]') || ',"nextCursor":' || case when count(*) > ${limit} then '"' || ${base64url(sql`max(json_build_array(p.first_name, p.last_name, p.id)::text) filter (where p.n = ${limit})`)} || '"' else 'null' end || '}' from (select ${storedCardSummaryJson.jsonText} as card, ${v.firstName}, ${v.lastName}, ${v.id}, row_number() over (order by ${v.firstName}, ${v.lastName}, ${v.id}) as n from ${v} where ${and(sql`${v.corporateProfileId} = ${profileId}`, matches, after)} order by ${v.firstName}, ${v.lastName}, ${v.id} limit ${limit} + 1) p)`;

/** A business's page asked for in a batch: after the cursor's card (first name, last name, id) when there is one. */
interface TPageAsked extends TBusinessPageAsked {
  limit: number;
  after?: readonly [firstName: string, lastName: string, id: string];
}
const limits = (asked: readonly TPageAsked[]) => ({ limits: asked.map((a) => a.limit) });
const businessFirstPages = batchedBusinessPages('business_directory_first_pages', { page_limit: ['limits', 'int'] }, limits, (profileId) =>
  cardsByName(profileId, undefined, undefined, sql`asked.page_limit`),
);
const businessPagesAfter = batchedBusinessPages(
  'business_directory_pages_after',
  { page_limit: ['limits', 'int'], first_name: ['firstNames', 'text'], last_name: ['lastNames', 'text'], after_id: ['afterIds', 'uuid'] },
  (asked: readonly TPageAsked[]) => ({
    ...limits(asked),
    firstNames: asked.map((a) => a.after?.[0]),
    lastNames: asked.map((a) => a.after?.[1]),
    afterIds: asked.map((a) => a.after?.[2]),
  }),
  (profileId) =>
    cardsByName(profileId, undefined, afterPlace(sql`asked.first_name`, sql`asked.last_name`, sql`asked.after_id`), sql`asked.page_limit`),
);

/**
 * Ids found to be businesses' directories, per database handle: a business's page then skips the
 * folder lookup, one round trip of its two. Ids are random uuids of their own tables, so an id
 * that was a business is never a folder; one whose business is gone finds no row, and its read
 * goes the whole way again. At most KNOWN_BUSINESSES, forgotten all at once past that.
 */
const knownBusinesses = new WeakMap<Db, Set<string>>();
const KNOWN_BUSINESSES = 10_000;

/**
 * GET /api/directories/{dirId}: a folder opens only for its owner (newest saved first); a
 * business directory for its members and followers, and for anyone (signed out too) when the
 * business made it public (cards by name), as JSON text. Anything else is a 404, whether or not it
 * exists. One page of cards (`limit`, from `cursor`), filtered by `q` as search filters.
 */
export async function findDirectory(db: Db, dirId: string, accountId: string | null, query: TDirectoryQuery): Promise<TDirectory | string> {
  let known = knownBusinesses.get(db);
  if (known === undefined) knownBusinesses.set(db, (known = new Set()));
  if (known.has(dirId)) {
    const page = await businessPage(db, dirId, accountId, query);
    if (page !== undefined) return shown(page);
    known.delete(dirId);
  }
  const matches = query.q ? cardTextMatches(query.q) : undefined;
  const [folder] = await folderById(db).execute({ dirId });
  if (folder) {
    if (folder.accountId !== accountId) throw notFound('directory');
    let after: SQL | undefined;
    if (query.cursor) {
      const [addedAt, id] = decodeCursor(query.cursor, 2) as [string, string];
      const at = sql`${addedAt}::timestamptz`;
      after = or(
        sql`${directoryFolderCards.addedAt} < ${at}`,
        and(sql`${directoryFolderCards.addedAt} = ${at}`, sql`${virtualContacts.id} > ${id}::uuid`),
      );
    }
    const rows = await db
      .select({
        card: cardSummaryColumns,
        addedAt: sql<string>`${directoryFolderCards.addedAt}::text`,
        total: sql<number>`(select ${count()}::int from ${directoryFolderCards} where ${directoryFolderCards.folderId} = ${folder.id})`,
      })
      .from(directoryFolderCards)
      .innerJoin(virtualContacts, eq(virtualContacts.id, directoryFolderCards.contactId))
      .where(and(eq(directoryFolderCards.folderId, folder.id), matches, after))
      .orderBy(desc(directoryFolderCards.addedAt), asc(virtualContacts.id))
      .limit(query.limit + 1);
    const page = pageOf(rows, query.limit, (last) => [last.addedAt, last.card.id]);
    // An empty page (a filter that matched nothing, or past the end) says nothing of the total: count it.
    const total = rows[0]?.total ?? (await countFolder(db, folder.id));
    return { ...presentFolder(folder, total), cards: page.rows.map((r) => presentCardSummary(r.card)), nextCursor: page.nextCursor };
  }
  const page = await businessPage(db, dirId, accountId, query);
  if (page === undefined) throw notFound('directory');
  if (known.size >= KNOWN_BUSINESSES) known.clear();
  known.add(dirId);
  return shown(page);
}

/** A business's page as businessPage answers it, or a 404 when the viewer may not see it. */
const shown = (page: string | null): string => {
  if (page === null) throw notFound('directory');
  return page;
};

/**
 * A business directory's page for this viewer as JSON text; null when the business is there but
 * the viewer may not see it, undefined when `dirId` is no business.
 */
async function businessPage(db: Db, dirId: string, accountId: string | null, query: TDirectoryQuery): Promise<string | null | undefined> {
  const matches = query.q ? cardTextMatches(query.q) : undefined;
  const cursor = query.cursor ? (decodeCursor(query.cursor, 3) as [string, string, string]) : undefined;
  // The business, the viewer's relation and the page of its cards by name: one statement, prepared
  // once and batched for the pages without a filter (every open and every scroll).
  const business = matches
    ? await findBusiness(db, dirId, accountId, (profileId) =>
        cardsByName(profileId, matches, cursor && afterPlace(...cursor), sql`${query.limit}::int`),
      )
    : await (cursor ? businessPagesAfter : businessFirstPages)(db, { dirId, accountId, limit: query.limit, after: cursor });
  if (!business) return undefined;
  const relation = relationTo(business);
  if (!business.cards || !relation) return null;
  // The summary as the code presents it, then the page as PostgreSQL wrote it (`{"cards": …, "nextCursor": …}`).
  return `${JSON.stringify(presentBusiness(business, relation)).slice(0, -1)},${business.cards.slice(1)}`;
}

async function countFolder(db: Db, folderId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(directoryFolderCards).where(eq(directoryFolderCards.folderId, folderId));
  return Number(row?.n ?? 0);
}
