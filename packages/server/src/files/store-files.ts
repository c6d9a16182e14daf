import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Db } from '../platform/db/client.ts';
import { displayItems, documentFiles } from '../platform/db/schema/index.ts';
import type { FileStorage } from './storage.ts';

export type DisplayItemRow = typeof displayItems.$inferSelect;

/** A random 128-bit public handle for an image: never sequential, never guessable. */
export const newObsecuredId = (): string => randomBytes(16).toString('base64url');

/**
 * Stores an image that has already been checked and re-encoded (uploads do that
 * in files/; the demo seed renders its own), and records it as a display item:
 * `attached` when something shows it from the start (a message's photo, the
 * seed), otherwise a card or pet claims it (cards/owned-images.ts) or the
 * sweep removes it after a day; `variantOf` for another size of an item.
 */
export async function storeDisplayImage(
  db: Db,
  storage: FileStorage,
  image: Buffer,
  ownerAccountId: string | null,
  { attached, variantOf = null }: { attached: boolean; variantOf?: string | null },
): Promise<DisplayItemRow> {
  const meta = await sharp(image).metadata();
  const contentType = `image/${meta.format}`;
  const obsecuredId = newObsecuredId();
  const storageKey = `display/${obsecuredId.slice(0, 2)}/${obsecuredId}`;
  await storage.put(storageKey, image);
  const [row] = await db
    .insert(displayItems)
    .values({
      obsecuredId,
      ownerAccountId,
      contentType,
      storageKey,
      variantOf,
      width: meta.width ?? 0,
      height: meta.height ?? 0,
      size: image.length,
      attachedAt: attached ? new Date() : null,
    })
    .returning();
  return row!;
}

/** Stores a document's bytes (already checked) and records it. */
export async function storeDocument(
  db: Db,
  storage: FileStorage,
  file: { name: string; contentType: string; data: Buffer },
  ownerAccountId: string | null,
): Promise<typeof documentFiles.$inferSelect> {
  const key = newObsecuredId();
  const storageKey = `document/${key.slice(0, 2)}/${key}`;
  await storage.put(storageKey, file.data);
  const [row] = await db
    .insert(documentFiles)
    .values({ ownerAccountId, name: file.name, contentType: file.contentType, size: file.data.length, storageKey })
    .returning();
  return row!;
}
