import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { TCorporateProfile } from '@vbc/shared';
import type { Db } from '../platform/db/client.ts';
import { corporateAccounts, corporateDomains, corporateProfiles, displayItems } from '../platform/db/schema/index.ts';
import { notFound } from '../platform/errors/app-error.ts';
import { presentCorporate } from './present-corporate.ts';

/** A corporate profile by its id (lower-case UUID), with its images' public ids, or a 404. */
export async function findCorporateProfile(db: Db, id: string): Promise<TCorporateProfile> {
  const [row] = await db.select().from(corporateProfiles).where(eq(corporateProfiles.id, id)).limit(1);
  if (!row) throw notFound('corporate profile');
  const ids = [row.heroImageDisplayId, row.profileImageDisplayId].filter((v): v is string => !!v);
  const images = ids.length
    ? await db
        .select({ id: displayItems.id, obsecuredId: displayItems.obsecuredId })
        .from(displayItems)
        .where(inArray(displayItems.id, ids))
    : [];
  const obsecured = (imageId: string | null) => images.find((i) => i.id === imageId)?.obsecuredId ?? null;
  const domains = await db
    .select({ domain: corporateDomains.domain })
    .from(corporateDomains)
    .innerJoin(corporateAccounts, eq(corporateAccounts.id, corporateDomains.corporateAccountId))
    .where(and(eq(corporateAccounts.corporateProfileId, row.id), isNotNull(corporateDomains.verifiedAt)))
    .orderBy(asc(corporateDomains.domain));
  return {
    ...presentCorporate(row, { hero: obsecured(row.heroImageDisplayId), profile: obsecured(row.profileImageDisplayId) }),
    verifiedDomains: domains.map((d) => d.domain),
  };
}
