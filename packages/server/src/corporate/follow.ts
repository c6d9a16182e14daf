import { and, eq } from 'drizzle-orm';
import type { TFollowState } from '@vbc/shared/corporate';
import type { Db } from '../platform/db/client.ts';
import { corporateFollowers } from '../platform/db/schema/index.ts';
import { corporateOfProfile, roleIn } from './membership.ts';

/** The Follow / Following state of the 'Verified Business' dialog. */
export async function followState(db: Db, accountId: string, corporateProfileId: string): Promise<TFollowState> {
  const corporate = await corporateOfProfile(db, corporateProfileId);
  const [row] = await db
    .select({ accountId: corporateFollowers.accountId })
    .from(corporateFollowers)
    .where(and(eq(corporateFollowers.corporateAccountId, corporate.id), eq(corporateFollowers.accountId, accountId)))
    .limit(1);
  return { corporateAccountId: corporate.id, following: Boolean(row), isMember: (await roleIn(db, accountId, corporate.id)) !== null };
}

/** Follows (true) or unfollows (false) the business of this profile; doing it twice changes nothing. */
export async function setFollowing(db: Db, accountId: string, corporateProfileId: string, follow: boolean): Promise<TFollowState> {
  const corporate = await corporateOfProfile(db, corporateProfileId);
  if (follow) {
    await db.insert(corporateFollowers).values({ corporateAccountId: corporate.id, accountId }).onConflictDoNothing();
  } else {
    await db
      .delete(corporateFollowers)
      .where(and(eq(corporateFollowers.corporateAccountId, corporate.id), eq(corporateFollowers.accountId, accountId)));
  }
  return followState(db, accountId, corporateProfileId);
}
