import { vcardPhotoType, type TVCardPhotoType } from '@vbc/shared';
import type { Db } from '../platform/db/client.ts';
import { findDisplayItemById } from '../files/index.ts';
import type { FileStorage } from '../files/index.ts';
import type { PictureInfo } from './present-card.ts';

/** The card's picture for its vCard (base64 and vCard type), when it has one of a type a vCard carries. */
export async function vcardPhoto(
  { db, storage }: { db: Db; storage: FileStorage },
  picture: PictureInfo,
): Promise<{ base64: string; type: TVCardPhotoType } | undefined> {
  const photoType = picture && vcardPhotoType(picture.contentType);
  if (!picture || !photoType) return undefined;
  const item = await findDisplayItemById(db, picture.displayItemId);
  const bytes = item && (await storage.read(item.storageKey));
  return bytes ? { base64: bytes.toString('base64'), type: photoType } : undefined;
}
