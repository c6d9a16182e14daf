import { and, eq, inArray, or } from 'drizzle-orm';
import { isUuid } from '@vbc/shared';
import type { Db } from '../db/client.ts';
import { displayItems, documentFiles, virtualContacts } from '../db/schema/index.ts';
import { notFound } from '../errors/app-error.ts';

/**
 * Deletes a picture its uploader no longer wants (by displayItemId or
 * obsecuredDisplayItemId), with its other sizes; cards showing any of them as
 * picture/high-res/cover lose it. Anyone else gets the 404 of a missing
 * picture. Returns the storage keys to remove and the cards that changed
 * (their caches must drop them).
 */
export async function deleteDisplayItem(db: Db, ref: string, accountId: string): Promise<{ storageKeys: string[]; changedCards: string[] }> {
  const match = isUuid(ref) ? or(eq(displayItems.id, ref.toLowerCase()), eq(displayItems.obsecuredId, ref)) : eq(displayItems.obsecuredId, ref);
  return db.transaction(async (tx) => {
    const [item] = await tx.select().from(displayItems).where(and(match, eq(displayItems.ownerAccountId, accountId))).limit(1);
    if (!item) throw notFound('picture');
    // The variants go with it (the foreign key cascades); their files and cards must be known first.
    const variants = await tx.select().from(displayItems).where(eq(displayItems.variantOf, item.id));
    const ids = [item.id, ...variants.map((v) => v.id)];
    const cards = await tx
      .select({ id: virtualContacts.id })
      .from(virtualContacts)
      .where(or(
        inArray(virtualContacts.pictureDisplayItemId, ids),
        inArray(virtualContacts.highResPictureDisplayItemId, ids),
        inArray(virtualContacts.heroImageDisplayItemId, ids),
      ));
    await tx.delete(displayItems).where(eq(displayItems.id, item.id));
    return { storageKeys: [item.storageKey, ...variants.map((v) => v.storageKey)], changedCards: cards.map((c) => c.id) };
  });
}

/** Deletes a document its uploader no longer wants; anyone else gets a 404. Returns its storage key. */
export async function deleteDocument(db: Db, documentFileItemId: string, accountId: string): Promise<string> {
  if (!isUuid(documentFileItemId)) throw notFound('file');
  const [gone] = await db
    .delete(documentFiles)
    .where(and(eq(documentFiles.id, documentFileItemId.toLowerCase()), eq(documentFiles.ownerAccountId, accountId)))
    .returning({ storageKey: documentFiles.storageKey });
  if (!gone) throw notFound('file');
  return gone.storageKey;
}
