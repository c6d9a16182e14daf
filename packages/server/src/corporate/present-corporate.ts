import type { TCorporateProfile } from '@vbc/shared';
import type { corporateProfiles } from '../platform/db/schema/index.ts';

export type CorporateRow = typeof corporateProfiles.$inferSelect;

/** Row → docs/contracts.md §3 corporate profile; images by their public (obsecured) ids. */
export function presentCorporate(row: CorporateRow, images: { hero: string | null; profile: string | null }): TCorporateProfile {
  return {
    corporateProfileId: row.id,
    name: row.name,
    description: row.description,
    heroImageDisplayId: row.heroImageDisplayId,
    profileImageDisplayId: row.profileImageDisplayId,
    heroImage: images.hero ? { obsecuredDisplayItemId: images.hero } : null,
    profileImage: images.profile ? { obsecuredDisplayItemId: images.profile } : null,
    lastUpdatedAt: row.updatedAt.toISOString(),
    phones: row.phones,
    emails: row.emails,
    links: row.links,
    socialMedias: row.socialMedias,
    locations: row.locations,
  };
}
