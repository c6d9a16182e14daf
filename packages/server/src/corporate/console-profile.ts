import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { TCorporateConsole, ZCorporateProfileInput } from '@vbc/shared/corporate';
import type { Db } from '../platform/db/client.ts';
import { corporateAccounts, corporateProfiles, type CorporateRole } from '../platform/db/schema/index.ts';
import { notFound } from '../platform/errors/app-error.ts';
import { claimPicture } from '../files/index.ts';
import { recordAudit } from './audit.ts';
import { findCorporateProfile } from './find-corporate-profile.ts';

type ProfileInput = z.output<typeof ZCorporateProfileInput>;

async function findBusiness(db: Db, corporateAccountId: string) {
  const [row] = await db
    .select({ business: corporateAccounts, profile: corporateProfiles })
    .from(corporateAccounts)
    .innerJoin(corporateProfiles, eq(corporateProfiles.id, corporateAccounts.corporateProfileId))
    .where(eq(corporateAccounts.id, corporateAccountId))
    .limit(1);
  if (!row) throw notFound('corporate account');
  return row;
}

/** The console's view of a business for a member with `role`: the profile, verification and the directory switch. */
export async function findConsole(db: Db, corporateAccountId: string, role: CorporateRole): Promise<TCorporateConsole> {
  const { business, profile } = await findBusiness(db, corporateAccountId);
  return {
    corporateAccountId: business.id,
    name: profile.name,
    role,
    verified: profile.verified,
    directoryPublic: business.directoryPublic,
    profile: await findCorporateProfile(db, profile.id),
  };
}

/** The picture a profile field names: an upload of the editor's own, or the one shown there now. */
const pictureFor = (tx: Db, field: string, ref: string | null, shownNow: string | null, editorId: string): Promise<string | null> =>
  ref === null ? Promise.resolve(null) : claimPicture(tx, field, ref, editorId, shownNow);

/** Every list entry keeps the id it was sent with, or gets a new one. */
const withIds = <T extends { id?: string | undefined }>(entries: T[]) =>
  entries.map((entry) => ({ ...entry, id: entry.id ?? randomUUID() }));

/**
 * Console: replaces every docs/contracts.md §3 corporate-profile field (the business's name too) and moves
 * lastUpdatedAt. Pictures are uploads of the editor's own, or the ones the profile shows already.
 */
export async function updateCorporateProfile(
  db: Db,
  editorId: string,
  corporateAccountId: string,
  input: ProfileInput,
  role: CorporateRole,
): Promise<TCorporateConsole> {
  await db.transaction(async (tx) => {
    const { business, profile } = await findBusiness(tx, corporateAccountId);
    const heroImageDisplayId = await pictureFor(tx, 'heroImageDisplayId', input.heroImageDisplayId, profile.heroImageDisplayId, editorId);
    const profileImageDisplayId = await pictureFor(
      tx,
      'profileImageDisplayId',
      input.profileImageDisplayId,
      profile.profileImageDisplayId,
      editorId,
    );
    await tx
      .update(corporateProfiles)
      .set({
        name: input.name,
        description: input.description,
        heroImageDisplayId,
        profileImageDisplayId,
        phones: withIds(input.phones),
        emails: withIds(input.emails),
        links: withIds(input.links),
        socialMedias: withIds(input.socialMedias),
        locations: withIds(input.locations),
        updatedAt: new Date(),
      })
      .where(eq(corporateProfiles.id, profile.id));
    await tx.update(corporateAccounts).set({ name: input.name }).where(eq(corporateAccounts.id, business.id));
    await recordAudit(tx, { corporateAccountId, actorAccountId: editorId, action: 'profile.updated', detail: { name: input.name } });
  });
  return findConsole(db, corporateAccountId, role);
}

/** Console (admin): opens or closes the business's directory to anyone with the link (the team page). */
export async function setDirectoryPublic(
  db: Db,
  actorId: string,
  corporateAccountId: string,
  directoryPublic: boolean,
): Promise<{ directoryPublic: boolean }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(corporateAccounts)
      .set({ directoryPublic })
      .where(eq(corporateAccounts.id, corporateAccountId))
      .returning({ directoryPublic: corporateAccounts.directoryPublic });
    if (!row) throw notFound('corporate account');
    await recordAudit(tx, { corporateAccountId, actorAccountId: actorId, action: 'directory.changed', detail: { directoryPublic } });
    return row;
  });
}
