import { and, eq } from 'drizzle-orm';
import { removeStored, type TCardWriteDeps } from './deps.ts';
import { virtualContacts } from '../platform/db/schema/index.ts';
import { contactColumns } from './present-card.ts';
import { lockedFieldMessage } from '@vbc/shared/team-template';
import { findContact, type FoundContact } from './find-contact.ts';
import type { CardBusiness } from './apply-template.ts';
import { forbidden } from '../platform/errors/app-error.ts';
import { claimOwnedImages, listImageRefs, releaseUnusedImages } from '../files/index.ts';
import type { TCardPatchBody } from './card-input.ts';
import { getOwnedCard } from './owned-card.ts';
import { nextUpdatedAt, staleWrite, unchangedSince, type TPrecondition } from '../platform/db/row-version.ts';

/** A member's write of a field their business's template locks: 403 `"{field} is set by {business}"`. */
function assertUnlocked(business: CardBusiness | null, patch: object): void {
  const locked = business?.template?.locked ?? [];
  const field = Object.keys(patch).find((key) => locked.includes(key));
  if (business && field) throw forbidden(lockedFieldMessage(field, business.name));
}

/**
 * Writes the given fields of a card its owner changes; fields left out keep
 * their values; a field the card's business template locks is refused (403). With a precondition the write happens only if the card is
 * unchanged since (checked in the UPDATE itself, so two saves cannot both
 * pass); otherwise 409. Pictures the save took off the card, used nowhere
 * else, are deleted with it (they stop counting against the quota); their
 * files are removed after the commit and the change notice.
 */
export async function updateCard(
  { db, storage, changed }: TCardWriteDeps,
  contactId: string,
  accountId: string,
  patch: Omit<TCardPatchBody, 'updatedAt'>,
  precondition: TPrecondition,
): Promise<FoundContact> {
  const { stored: row, business } = await getOwnedCard(db, contactId, accountId, 'write');
  assertUnlocked(business, patch);
  const before = listImageRefs(row).map((r) => r.ref);
  const storageKeys = await db.transaction(async (tx) => {
    await claimOwnedImages(tx, accountId, listImageRefs(patch), new Set(before));
    const [updated] = await tx
      .update(virtualContacts)
      .set({ ...patch, updatedAt: nextUpdatedAt(virtualContacts.updatedAt) })
      .where(
        and(
          eq(virtualContacts.id, row.id),
          eq(virtualContacts.ownerAccountId, accountId),
          unchangedSince(virtualContacts.updatedAt, precondition),
        ),
      )
      .returning(contactColumns);
    if (!updated) {
      // Changed (or deleted, or given away) between the read and the write.
      const now = await getOwnedCard(tx, row.id, accountId, 'write');
      throw staleWrite('card', now.row.updatedAt);
    }
    const after = new Set(listImageRefs(updated).map((r) => r.ref));
    return releaseUnusedImages(
      tx,
      accountId,
      before.filter((ref) => !after.has(ref)),
    );
  });
  const found = (await findContact(db, row.id))!;
  await changed(found.row.id);
  await removeStored(storage, storageKeys);
  return found;
}
