import { and, eq, inArray, or } from 'drizzle-orm';
import { isUuid } from '@vbc/shared';
import type { Db } from '../platform/db/client.ts';
import {
  announcements,
  conversationMessages,
  corporateProfiles,
  corporateTemplates,
  displayItems,
  virtualContacts,
  virtualPets,
} from '../platform/db/schema/index.ts';
import { cardImageColumns, listImageRefs } from './owned-images.ts';

/**
 * Deletes the pictures among `refs` (displayItemIds or obsecured ids) that
 * `accountId` uploaded and that none of its cards or pets shows any more (nor
 * a message, a corporate profile or an announcement). Run in the transaction
 * that removed or changed the card or pet; returns the storage keys to remove
 * after the commit.
 */
export async function releaseUnusedImages(tx: Db, accountId: string, refs: Iterable<string>): Promise<string[]> {
  const wanted = [...new Set(refs)];
  if (wanted.length === 0) return [];
  const candidates = await tx
    .select()
    .from(displayItems)
    .where(
      and(
        eq(displayItems.ownerAccountId, accountId),
        or(
          inArray(
            displayItems.id,
            wanted.filter(isUuid).map((r) => r.toLowerCase()),
          ),
          inArray(displayItems.obsecuredId, wanted),
        ),
      ),
    );
  if (candidates.length === 0) return [];
  const cards = await tx.select(cardImageColumns).from(virtualContacts).where(eq(virtualContacts.ownerAccountId, accountId));
  const pets = await tx.select({ id: virtualPets.pictureDisplayItemId }).from(virtualPets).where(eq(virtualPets.ownerAccountId, accountId));
  const allVariants = await tx
    .select()
    .from(displayItems)
    .where(
      inArray(
        displayItems.variantOf,
        candidates.map((c) => c.id),
      ),
    );
  const inUse = new Set([
    ...cards.flatMap((c) => listImageRefs(c).map((r) => r.ref)),
    ...pets.flatMap((p) => (p.id ? [p.id] : [])),
    ...(await shownElsewhere(
      tx,
      [...candidates, ...allVariants].map((i) => i.id),
    )),
  ]);
  const unused = candidates.filter((item) => !inUse.has(item.id) && !inUse.has(item.obsecuredId));
  if (unused.length === 0) return [];
  // Their other sizes go too (a pet shows only the normal one), unless something shows those.
  const variants = allVariants.filter((v) => unused.some((u) => u.id === v.variantOf));
  const gone = [...unused, ...variants.filter((v) => !inUse.has(v.id) && !inUse.has(v.obsecuredId))];
  const keep = variants.filter((v) => !gone.includes(v));
  // A variant still shown stands alone now (the foreign key would delete it with its item).
  if (keep.length > 0)
    await tx
      .update(displayItems)
      .set({ variantOf: null })
      .where(
        inArray(
          displayItems.id,
          keep.map((v) => v.id),
        ),
      );
  await tx.delete(displayItems).where(
    inArray(
      displayItems.id,
      gone.map((u) => u.id),
    ),
  );
  return gone.map((u) => u.storageKey);
}

/** Which of `ids` a message, a corporate profile (hero or profile image), a brand template or an announcement shows. */
async function shownElsewhere(tx: Db, ids: string[]): Promise<string[]> {
  // One after another: a transaction's queries share one connection.
  const sent = await tx
    .select({ id: conversationMessages.displayItemId })
    .from(conversationMessages)
    .where(inArray(conversationMessages.displayItemId, ids));
  const profiles = await tx
    .select({ hero: corporateProfiles.heroImageDisplayId, profile: corporateProfiles.profileImageDisplayId })
    .from(corporateProfiles)
    .where(or(inArray(corporateProfiles.heroImageDisplayId, ids), inArray(corporateProfiles.profileImageDisplayId, ids)));
  const templates = await tx
    .select({ logo: corporateTemplates.logoDisplayItemId, hero: corporateTemplates.heroImageDisplayItemId })
    .from(corporateTemplates)
    .where(or(inArray(corporateTemplates.logoDisplayItemId, ids), inArray(corporateTemplates.heroImageDisplayItemId, ids)));
  const announced = await tx
    .select({ id: announcements.imageDisplayItemId })
    .from(announcements)
    .where(inArray(announcements.imageDisplayItemId, ids));
  return [
    ...sent.map((m) => m.id),
    ...profiles.flatMap((p) => [p.hero, p.profile]),
    ...templates.flatMap((t) => [t.logo, t.hero]),
    ...announced.map((a) => a.id),
  ].filter((id): id is string => id !== null);
}
