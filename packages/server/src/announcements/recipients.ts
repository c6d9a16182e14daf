import { eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { accounts, announcementRecipients, corporateAccountMembers, corporateFollowers } from '../platform/db/schema/index.ts';

/**
 * Writes who receives a just-published announcement, in one set-based INSERT … SELECT (no round
 * trip per recipient): every account for a product-wide one, else the business's members ∪
 * followers. Returns their account ids (for the hub and push fan-out after the commit).
 */
export async function writeRecipients(tx: Db, announcementId: string, corporateAccountId: string | null): Promise<string[]> {
  const audience =
    corporateAccountId === null
      ? sql`select ${accounts.id} from ${accounts}`
      : sql`select ${corporateAccountMembers.accountId} from ${corporateAccountMembers} where ${eq(corporateAccountMembers.corporateAccountId, corporateAccountId)}
          union
          select ${corporateFollowers.accountId} from ${corporateFollowers} where ${eq(corporateFollowers.corporateAccountId, corporateAccountId)}`;
  const result = await tx.execute(sql`
    insert into ${announcementRecipients} (account_id, announcement_id)
    select audience.id, ${announcementId}::uuid from (${audience}) as audience(id)
    on conflict do nothing
    returning account_id`);
  // Both drivers answer { rows }.
  return (result as unknown as { rows: { account_id: string }[] }).rows.map((r) => r.account_id);
}
