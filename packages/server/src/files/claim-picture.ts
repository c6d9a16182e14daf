import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { displayItems } from '../platform/db/schema/index.ts';
import { badRequest } from '../platform/errors/app-error.ts';
import { displayItemNamed } from './display-item-ref.ts';

/**
 * A picture a write names by `field` (displayItemId or obsecured id): it must be stored and, when
 * `ownerAccountId` is given, uploaded by that account, unless it is the one shown there now
 * (`shownNow`: another editor's upload stays when the field is sent back unchanged). It and its
 * other size are marked in use, so the sweep of unused uploads leaves them. Returns its
 * displayItemId. Used for an announcement's header picture and a corporate profile's hero and
 * profile images.
 */
export async function claimPicture(
  tx: Db,
  field: string,
  ref: string,
  ownerAccountId: string | null,
  shownNow: string | null = null,
): Promise<string> {
  const [item] = await tx.select().from(displayItems).where(displayItemNamed(ref)).limit(1);
  if (!item) throw badRequest(`${field}: this picture is not stored; upload it with POST /api/files/display first.`);
  if (item.id === shownNow) return item.id;
  if (ownerAccountId !== null && item.ownerAccountId !== ownerAccountId)
    throw badRequest(`${field}: this picture is not one you uploaded.`);
  const family = item.variantOf ?? item.id;
  await tx
    .update(displayItems)
    .set({ attachedAt: sql`coalesce(${displayItems.attachedAt}, now())` })
    .where(or(eq(displayItems.id, family), eq(displayItems.variantOf, family)));
  return item.id;
}
