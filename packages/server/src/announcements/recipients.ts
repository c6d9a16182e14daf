import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { accounts, announcementRecipients, corporateAccountMembers, corporateFollowers } from '../platform/db/schema/index.ts';

/**
 * Recipients written by one statement. A product-wide announcement reaches every account: at a
 * deployment's 100,000 one statement outlasted the database timeout (issue 28), so the audience
 * is taken in slices by id, each a short statement, all in the publishing transaction.
 */
export const RECIPIENTS_PER_STATEMENT = 5000;

/**
 * Writes who receives a just-published announcement, set-based (INSERT … SELECT, no round trip
 * per recipient), RECIPIENTS_PER_STATEMENT at a time: every account for a product-wide one, else
 * the business's members ∪ followers. Returns their account ids (for the hub and push fan-out
 * after the commit).
 */
export async function writeRecipients(
  tx: Db,
  announcementId: string,
  corporateAccountId: string | null,
  perStatement = RECIPIENTS_PER_STATEMENT,
): Promise<string[]> {
  const audience =
    corporateAccountId === null
      ? sql`select ${accounts.id} from ${accounts}`
      : sql`select ${corporateAccountMembers.accountId} from ${corporateAccountMembers} where ${eq(corporateAccountMembers.corporateAccountId, corporateAccountId)}
          union
          select ${corporateFollowers.accountId} from ${corporateFollowers} where ${eq(corporateFollowers.corporateAccountId, corporateAccountId)}`;
  const written: string[] = [];
  // The slice's last audience id, whether or not its row was new (a conflict returns nothing).
  let after: string | null = null;
  for (;;) {
    const from: SQL = after === null ? sql`true` : sql`audience.id > ${after}::uuid`;
    const result: unknown = await tx.execute(sql`
      with slice as (select audience.id from (${audience}) as audience(id) where ${from} order by audience.id limit ${perStatement}),
        added as (
          insert into ${announcementRecipients} (account_id, announcement_id)
          select slice.id, ${announcementId}::uuid from slice
          on conflict do nothing
          returning account_id)
      select (select id from slice order by id desc limit 1) as last, (select count(*)::int from slice) as taken,
        (select coalesce(json_agg(account_id), '[]') from added) as added`);
    // Both drivers answer { rows }.
    const [row] = (result as { rows: { last: string | null; taken: number; added: string[] | string }[] }).rows;
    if (!row?.last) return written;
    written.push(...(typeof row.added === 'string' ? (JSON.parse(row.added) as string[]) : row.added));
    if (row.taken < perStatement) return written;
    after = row.last;
  }
}
