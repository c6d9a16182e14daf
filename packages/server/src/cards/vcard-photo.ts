import sharp from 'sharp';
import type { TVCardPhotoType } from '@vbc/shared';
import type { Db } from '../platform/db/client.ts';
import { findDisplayItemById } from '../files/index.ts';
import type { FileStorage } from '../files/index.ts';
import type { PictureInfo } from './present-card.ts';

/** The largest PHOTO a vCard embeds (issue 29): address books and share sheets refuse or drop bigger ones. */
export const VCARD_PHOTO_MAX_BYTES = 100 * 1024;

/** Tried in turn until the JPEG fits: longest side in pixels, JPEG quality. */
const ATTEMPTS: readonly (readonly [number, number])[] = [
  [640, 82],
  [512, 78],
  [384, 72],
  [256, 68],
  [160, 60],
];

/** Pictures already made, by display item (a display item's bytes never change). Bounded. */
const made = new Map<string, Buffer | null>();

/**
 * The picture as a JPEG of at most {@link VCARD_PHOTO_MAX_BYTES}: turned upright, transparency on
 * white, no metadata (no camera or location data leaves with the contact); null when it cannot
 * be read as an image.
 */
export async function vcardJpeg(bytes: Buffer): Promise<Buffer | null> {
  try {
    for (const [size, quality] of ATTEMPTS) {
      const jpeg = await sharp(bytes, { failOn: 'none' })
        .rotate()
        .resize(size, size, { fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality, mozjpeg: true })
        .toBuffer();
      if (jpeg.length <= VCARD_PHOTO_MAX_BYTES) return jpeg;
    }
  } catch {
    // Not an image sharp can read: the vCard goes without a PHOTO.
  }
  return null;
}

/** The card's picture for its vCard: a JPEG of at most 100 KB (base64), whatever the uploaded type. */
export async function vcardPhoto(
  { db, storage }: { db: Db; storage: FileStorage },
  picture: PictureInfo,
): Promise<{ base64: string; type: TVCardPhotoType } | undefined> {
  if (!picture) return undefined;
  let jpeg = made.get(picture.displayItemId);
  if (jpeg === undefined) {
    const item = await findDisplayItemById(db, picture.displayItemId);
    const bytes = item && (await storage.read(item.storageKey));
    if (!bytes) return undefined;
    jpeg = await vcardJpeg(bytes);
    if (made.size >= 500) made.delete(made.keys().next().value!);
    made.set(picture.displayItemId, jpeg);
  }
  return jpeg ? { base64: jpeg.toString('base64'), type: 'JPEG' } : undefined;
}
