import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { isUuid, type TSocialMedia, type TWall } from '@vbc/shared';
import type { Db } from '../platform/db/client.ts';
import { displayItems, virtualContacts } from '../platform/db/schema/index.ts';
import { badRequest } from '../platform/errors/app-error.ts';
import { displayItemNamed } from './display-item-ref.ts';

/** A picture a write refers to: the field that holds it and its displayItemId or obsecuredDisplayItemId. */
export interface TImageRef {
  field: string;
  ref: string;
}

/** The columns of a card that refer to images (listImageRefs' fields): what a read of an account's cards' images selects. */
export const cardImageColumns = {
  pictureDisplayItemId: virtualContacts.pictureDisplayItemId,
  highResPictureDisplayItemId: virtualContacts.highResPictureDisplayItemId,
  heroImageDisplayItemId: virtualContacts.heroImageDisplayItemId,
  wall: virtualContacts.wall,
  socialMedias: virtualContacts.socialMedias,
};

/** The wall photos and social QR codes of a card, as references by field. */
export function listImageRefs(fields: {
  pictureDisplayItemId?: string | null;
  highResPictureDisplayItemId?: string | null;
  heroImageDisplayItemId?: string | null;
  wall?: TWall;
  socialMedias?: TSocialMedia[];
}): TImageRef[] {
  const refs: TImageRef[] = [];
  for (const key of ['pictureDisplayItemId', 'highResPictureDisplayItemId', 'heroImageDisplayItemId'] as const) {
    const value = fields[key];
    if (value) refs.push({ field: key, ref: value });
  }
  fields.wall?.boards.forEach((board, b) =>
    board.items.forEach((item, i) =>
      refs.push({ field: `wall.boards.${b}.items.${i}.photo.obsecuredDisplayItemId`, ref: item.photo.obsecuredDisplayItemId }),
    ),
  );
  fields.socialMedias?.forEach((entry, i) => {
    if (entry.qrCode) refs.push({ field: `socialMedias.${i}.qrCode`, ref: entry.qrCode });
  });
  return refs;
}

/**
 * Refuses (400, naming the field) any picture that the writer did not upload,
 * unless the card or pet already shows it (`kept`: the refs it holds now), so
 * a partial save of an unchanged wall never fails. Stops one account from
 * attaching another's uploads by guessing or copying their ids. The others,
 * and their other sizes, are marked in use: the sweep of unused uploads
 * (files/sweep-uploads.ts) leaves them alone. Run it in the write's
 * transaction; it writes nothing when it refuses.
 */
export async function claimOwnedImages(
  db: Db,
  accountId: string,
  refs: readonly TImageRef[],
  kept: ReadonlySet<string> = new Set(),
): Promise<void> {
  const wanted = refs.filter((r) => !kept.has(r.ref));
  if (wanted.length === 0) return;
  const ids = [
    ...new Set(
      wanted
        .map((r) => r.ref)
        .filter(isUuid)
        .map((r) => r.toLowerCase()),
    ),
  ];
  const obsecured = [...new Set(wanted.map((r) => r.ref))];
  const owned = await db
    .select({ id: displayItems.id, obsecuredId: displayItems.obsecuredId, variantOf: displayItems.variantOf })
    .from(displayItems)
    .where(
      and(
        eq(displayItems.ownerAccountId, accountId),
        ids.length
          ? or(inArray(displayItems.id, ids), inArray(displayItems.obsecuredId, obsecured))
          : inArray(displayItems.obsecuredId, obsecured),
      ),
    );
  const known = new Set(owned.flatMap((o) => [o.id, o.obsecuredId]));
  const missing = wanted.find((r) => !known.has(isUuid(r.ref) ? r.ref.toLowerCase() : r.ref));
  if (missing) {
    const [exists] = await db.select({ id: displayItems.id }).from(displayItems).where(displayItemNamed(missing.ref)).limit(1);
    throw badRequest(
      exists
        ? `${missing.field}: this picture is not one you uploaded; upload it with POST /api/files/display first.`
        : `${missing.field}: this picture is no longer stored (an upload unused for a day is removed); upload it again.`,
    );
  }
  // An item and all sizes of it: a claimed high-res keeps its normal one (and so itself) from the sweep.
  const claimed = [...new Set(owned.flatMap((o) => (o.variantOf ? [o.id, o.variantOf] : [o.id])))];
  await db
    .update(displayItems)
    .set({ attachedAt: sql`coalesce(${displayItems.attachedAt}, now())` })
    .where(or(inArray(displayItems.id, claimed), inArray(displayItems.variantOf, claimed)));
}
