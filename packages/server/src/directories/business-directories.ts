import { eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { askedRows, batchedStatement, oneByElement } from '../platform/db/batched-statement.ts';
import { preparedQuery } from '../platform/db/prepared.ts';
import { qualified } from '../platform/db/qualified.ts';
import {
  corporateAccountMembers,
  corporateAccounts,
  corporateFollowers,
  corporateProfileCardCounts,
  corporateProfiles,
} from '../platform/db/schema/index.ts';
import type { BusinessRow } from './present-directory.ts';

/** A business directory with the viewer's relation to it (null: neither member nor follower). */
export interface ReachedBusiness extends BusinessRow {
  isMember: boolean;
  isFollower: boolean;
}

/** The viewer's account id in a statement: a value, a placeholder (null for a signed-out viewer), or null. */
type TViewer = string | SQL | null;
const viewerSql = (accountId: Exclude<TViewer, null>): SQL => (typeof accountId === 'string' ? sql`${accountId}` : accountId);

const isMemberOf = (accountId: TViewer) =>
  accountId
    ? sql<boolean>`exists (select 1 from ${corporateAccountMembers} where ${corporateAccountMembers.corporateAccountId} = ${corporateAccounts.id} and ${corporateAccountMembers.accountId} = ${viewerSql(accountId)})`
    : sql<boolean>`false`;
const isFollowerOf = (accountId: TViewer) =>
  accountId
    ? sql<boolean>`exists (select 1 from ${corporateFollowers} where ${corporateFollowers.corporateAccountId} = ${corporateAccounts.id} and ${corporateFollowers.accountId} = ${viewerSql(accountId)})`
    : sql<boolean>`false`;

/**
 * The cards linked to the business whose profile is `profileId` (an outer query's column): the
 * count the triggers of migration 0029 keep, not a count of the cards on every read.
 */
const cardCountOf = (profileId: SQL) =>
  sql<number>`coalesce((select ${qualified(corporateProfileCardCounts.cardCount)} from ${corporateProfileCardCounts} where ${qualified(corporateProfileCardCounts.corporateProfileId)} = ${profileId}), 0)`;

function selectBusinesses<TExtra extends Record<string, SQL | SQL.Aliased>>(
  db: Db,
  accountId: TViewer,
  where: SQL | undefined,
  extra: TExtra,
) {
  return db
    .select({
      id: corporateAccounts.id,
      name: corporateProfiles.name,
      corporateProfileId: corporateAccounts.corporateProfileId,
      isPublic: corporateAccounts.directoryPublic,
      cardCount: cardCountOf(qualified(corporateAccounts.corporateProfileId)).as('card_count'),
      isMember: isMemberOf(accountId).as('is_member'),
      isFollower: isFollowerOf(accountId).as('is_follower'),
      ...extra,
    })
    .from(corporateAccounts)
    .innerJoin(corporateProfiles, eq(corporateProfiles.id, corporateAccounts.corporateProfileId))
    .where(where);
}

/**
 * The businesses an account belongs to or follows, by name, as a JSON array of ReachedBusiness:
 * a column of the directories list's one statement. `accountId` may be a placeholder or an outer
 * query's column (a batch's element, list-directories.ts).
 */
export function reachedBusinessesJson(accountId: string | Placeholder | SQL): SQL<ReachedBusiness[]> {
  const a = qualified(corporateAccounts.id);
  const profileId = qualified(corporateAccounts.corporateProfileId);
  const name = qualified(corporateProfiles.name);
  const member = sql`exists (select 1 from ${corporateAccountMembers} where ${qualified(corporateAccountMembers.corporateAccountId)} = ${a} and ${qualified(corporateAccountMembers.accountId)} = ${accountId})`;
  const follower = sql`exists (select 1 from ${corporateFollowers} where ${qualified(corporateFollowers.corporateAccountId)} = ${a} and ${qualified(corporateFollowers.accountId)} = ${accountId})`;
  const cardCount = cardCountOf(profileId);
  return sql<
    ReachedBusiness[]
  >`(select coalesce(json_agg(json_build_object('id', ${a}, 'name', ${name}, 'corporateProfileId', ${profileId}, 'isPublic', ${qualified(corporateAccounts.directoryPublic)}, 'cardCount', ${cardCount}, 'isMember', ${member}, 'isFollower', ${follower}) order by lower(${name}), ${a}), '[]'::json) from ${corporateAccounts} join ${corporateProfiles} on ${qualified(corporateProfiles.id)} = ${profileId} where ${a} in (select ${qualified(corporateAccountMembers.corporateAccountId)} from ${corporateAccountMembers} where ${qualified(corporateAccountMembers.accountId)} = ${accountId} union select ${qualified(corporateFollowers.corporateAccountId)} from ${corporateFollowers} where ${qualified(corporateFollowers.accountId)} = ${accountId}))`;
}

/** The page of cards: read only when the viewer may open the business (`cards(profileId)`, see findBusiness). */
function selectBusinessPage<TPage>(db: Db, corporateAccountId: string | SQL, accountId: TViewer, cards: (profileId: SQL) => SQL<TPage>) {
  const opens = sql`(${qualified(corporateAccounts.directoryPublic)} or ${isMemberOf(accountId)} or ${isFollowerOf(accountId)})`;
  const page = sql<TPage | null>`case when ${opens} then ${cards(qualified(corporateAccounts.corporateProfileId))} end`.as('cards');
  return selectBusinesses(db, accountId, eq(corporateAccounts.id, corporateAccountId), { cards: page }).limit(1);
}

/**
 * One business directory with the viewer's relation to it and, in the same statement, one page of
 * its cards (`cards(profileId)`, given the business's profile id as the outer query's column) read
 * only when the viewer may open it; null when there is no business with that id.
 */
export async function findBusiness<TPage>(
  db: Db,
  corporateAccountId: string,
  accountId: string | null,
  cards: (profileId: SQL) => SQL<TPage>,
): Promise<(ReachedBusiness & { cards: TPage | null }) | null> {
  const [row] = await selectBusinessPage(db, corporateAccountId, accountId, cards);
  return row ?? null;
}

/** A page of a business directory asked for in a batch: the directory and the viewer (null: signed out). */
export interface TBusinessPageAsked {
  dirId: string;
  accountId: string | null;
}

/**
 * findBusiness for the pages every open and every scroll of a directory reads, prepared once per
 * database handle (`name`) and batched (platform/db/batched-statement.ts): the pages asked for at
 * once under load are one statement, a page for each element of the arrays (`asked.dir_id`,
 * `asked.account_id`, and the `columns` that `cards` reads as `asked.<column>`, their values
 * from `values`); null for an element whose id is no business.
 */
export function batchedBusinessPages<TPage, TAsked extends TBusinessPageAsked>(
  name: string,
  columns: Parameters<typeof askedRows>[0],
  values: (asked: readonly TAsked[]) => Record<string, unknown[]>,
  cards: (profileId: SQL) => SQL<TPage>,
) {
  return batchedStatement(
    preparedQuery((db) => {
      const business = selectBusinessPage(db, sql`asked.dir_id`, sql`asked.account_id`, cards).as('business');
      return db
        .select({ n: sql<number>`asked.n`, ...business._.selectedFields })
        .from(askedRows({ dir_id: ['dirIds', 'uuid'], account_id: ['accountIds', 'uuid'], ...columns }))
        .crossJoinLateral(business)
        .prepare(name);
    }),
    async (statement, asked: readonly TAsked[]) =>
      oneByElement(
        asked.length,
        await statement.execute({ dirIds: asked.map((a) => a.dirId), accountIds: asked.map((a) => a.accountId), ...values(asked) }),
        ({ n: _n, ...business }) => business,
        null,
      ),
  );
}

/** How a viewer reaches a business directory; null when it is closed to them. */
export function relationTo(business: ReachedBusiness): 'member' | 'follower' | 'visitor' | null {
  if (business.isMember) return 'member';
  if (business.isFollower) return 'follower';
  return business.isPublic ? 'visitor' : null;
}
