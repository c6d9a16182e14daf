import { and, eq, inArray, or } from 'drizzle-orm';
import { isUuid } from '@vbc/shared';
import type { Db } from '../platform/db/client.ts';
import { displayItems, documentFiles, virtualContacts } from '../platform/db/schema/index.ts';
import { nextUpdatedAt } from '../platform/db/row-version.ts';
import { notFound } from '../platform/errors/app-error.ts';
import { displayItemNamed } from './display-item-ref.ts';
import type { FileStorage } from './storage.ts';

/** What an uploader's delete needs: the database, storage and the cards' change notice (`app.cards.changed`). */
export interface TDeleteFileDeps {
  db: Db;
  storage: FileStorage;
  cardChanged(contactId: string): Promise<void>;
}

/** The card columns that hold a picture by its displayItemId. */
const PICTURE_COLUMNS = ['pictureDisplayItemId', 'highResPictureDisplayItemId', 'heroImageDisplayItemId'] as const;

/**
 * Deletes a picture its uploader no longer wants (by displayItemId or
 * obsecuredDisplayItemId), with its other sizes; cards showing any of them as
 * picture/high-res/cover, wall photo or QR code lose it. Anyone else gets the 404 of a missing
 * picture. After the commit its files are removed, then the change notice of each card that
 * changed is sent.
 */
export async function deleteDisplayItem({ db, storage, cardChanged }: TDeleteFileDeps, ref: string, accountId: string): Promise<void> {
  const { storageKeys, changedCards } = await db.transaction(async (tx) => {
    const [item] = await tx
      .select()
      .from(displayItems)
      .where(and(displayItemNamed(ref), eq(displayItems.ownerAccountId, accountId)))
      .limit(1);
    if (!item) throw notFound('picture');
    // The variants go with it (the foreign key cascades); their files and cards must be known first.
    const variants = await tx.select().from(displayItems).where(eq(displayItems.variantOf, item.id));
    const ids = [item.id, ...variants.map((v) => v.id)];
    const cards = await tx
      .select({ id: virtualContacts.id })
      .from(virtualContacts)
      .where(or(...PICTURE_COLUMNS.map((key) => inArray(virtualContacts[key], ids))));
    const handles = new Set([item, ...variants].flatMap((i) => [i.id, i.obsecuredId]));
    const edited = await dropFromWallsAndQrCodes(tx, accountId, handles);
    // The picture columns are emptied here, not by their foreign keys: a card row already changed
    // in this transaction has every key checked again, while the cascade to the variant is pending.
    for (const key of PICTURE_COLUMNS) {
      await tx
        .update(virtualContacts)
        .set({ [key]: null, updatedAt: nextUpdatedAt(virtualContacts.updatedAt) })
        .where(inArray(virtualContacts[key], ids));
    }
    await tx.delete(displayItems).where(eq(displayItems.id, item.id));
    return {
      storageKeys: [item.storageKey, ...variants.map((v) => v.storageKey)],
      changedCards: [...new Set([...cards.map((c) => c.id), ...edited])],
    };
  });
  await Promise.all(storageKeys.map((key) => storage.delete(key)));
  for (const id of changedCards) await cardChanged(id);
}

/**
 * Takes a deleted picture out of the owner's cards where it sits inside lists (wall photos,
 * social QR codes), so no public card shows a broken image. Those cards get a new version.
 * Returns their ids.
 */
async function dropFromWallsAndQrCodes(tx: Db, accountId: string, handles: ReadonlySet<string>): Promise<string[]> {
  const cards = await tx
    .select({ id: virtualContacts.id, wall: virtualContacts.wall, socialMedias: virtualContacts.socialMedias })
    .from(virtualContacts)
    .where(eq(virtualContacts.ownerAccountId, accountId));
  const edited: string[] = [];
  for (const card of cards) {
    const shows = (ref: string | null | undefined) => ref != null && handles.has(ref);
    const inWall = card.wall.boards.some((b) => b.items.some((i) => shows(i.photo.obsecuredDisplayItemId)));
    const inQr = card.socialMedias.some((m) => shows(m.qrCode));
    if (!inWall && !inQr) continue;
    await tx
      .update(virtualContacts)
      .set({
        wall: {
          ...card.wall,
          boards: card.wall.boards.map((b) => ({ ...b, items: b.items.filter((i) => !shows(i.photo.obsecuredDisplayItemId)) })),
        },
        socialMedias: card.socialMedias.map((m) => (shows(m.qrCode) ? { ...m, qrCode: null } : m)),
        updatedAt: nextUpdatedAt(virtualContacts.updatedAt),
      })
      .where(eq(virtualContacts.id, card.id));
    edited.push(card.id);
  }
  return edited;
}

/** Deletes a document its uploader no longer wants, then its file; anyone else gets a 404. */
export async function deleteDocument(
  { db, storage }: Pick<TDeleteFileDeps, 'db' | 'storage'>,
  documentFileItemId: string,
  accountId: string,
): Promise<void> {
  if (!isUuid(documentFileItemId)) throw notFound('file');
  const [gone] = await db
    .delete(documentFiles)
    .where(and(eq(documentFiles.id, documentFileItemId.toLowerCase()), eq(documentFiles.ownerAccountId, accountId)))
    .returning({ storageKey: documentFiles.storageKey });
  if (!gone) throw notFound('file');
  await storage.delete(gone.storageKey);
}
