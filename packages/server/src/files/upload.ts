import { z } from 'zod';
import type { TDisplayUpload } from '@vbc/shared/files';
import type { Db } from '../platform/db/client.ts';
import { AppError } from '../platform/errors/app-error.ts';
import { describeRefusal, detectDocumentType } from './detect-type.ts';
import { makeImageVariants } from './image-checks.ts';
import { withinQuota } from './quota.ts';
import type { TUpload } from './read-upload.ts';
import type { FileStorage } from './storage.ts';
import { storeDisplayImage, storeDocument } from './store-files.ts';

/** What storing an upload needs: the database and the file storage. */
export interface TFileDeps {
  db: Db;
  storage: FileStorage;
}

/** POST /api/files/display answer (the shape TDisplayUpload of @vbc/shared/files, which stays free of zod). */
export const ZDisplayUpload = z.object({
  displayItemId: z.string(),
  obsecuredDisplayItemId: z.string(),
  width: z.number(),
  height: z.number(),
  highResDisplayItemId: z.string(),
  highResObsecuredDisplayItemId: z.string(),
  highResWidth: z.number(),
  highResHeight: z.number(),
  contentType: z.string(),
}) satisfies z.ZodType<TDisplayUpload>;

/** docs/contracts.md §D4 POST /api/files/document result. */
export const ZDocumentUpload = z.object({
  documentFileItemId: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number(),
});
export type TDocumentUpload = z.infer<typeof ZDocumentUpload>;

/** The account's quota guards its uploads; the operator's (no account: announcements) have none. */
const withinQuotaOf = <T>(db: Db, accountId: string | null, addedBytes: number, store: (tx: Db) => Promise<T>): Promise<T> =>
  accountId === null ? db.transaction(store) : withinQuota(db, accountId, addedBytes, store);

/** Checks, re-encodes and stores an uploaded picture as two display items owned by `accountId` (null: the operator). */
export async function uploadDisplayImage({ db, storage }: TFileDeps, accountId: string | null, upload: TUpload): Promise<TDisplayUpload> {
  const { normal, highRes } = await makeImageVariants(upload.data);
  const stored: string[] = [];
  try {
    return await withinQuotaOf(db, accountId, normal.length + highRes.length, async (tx) => {
      const small = await storeDisplayImage(tx, storage, normal, accountId, { attached: false });
      stored.push(small.storageKey);
      const large = await storeDisplayImage(tx, storage, highRes, accountId, { attached: false, variantOf: small.id });
      stored.push(large.storageKey);
      return {
        displayItemId: small.id,
        obsecuredDisplayItemId: small.obsecuredId,
        width: small.width,
        height: small.height,
        highResDisplayItemId: large.id,
        highResObsecuredDisplayItemId: large.obsecuredId,
        highResWidth: large.width,
        highResHeight: large.height,
        contentType: small.contentType,
      };
    });
  } catch (error) {
    // The rows rolled back: their bytes must not linger.
    await Promise.all(stored.map((key) => storage.delete(key).catch(() => {})));
    throw error;
  }
}

/** Checks an uploaded document by its bytes and stores it as-is, owned by `accountId` (null: the operator). */
export async function uploadDocument({ db, storage }: TFileDeps, accountId: string | null, upload: TUpload): Promise<TDocumentUpload> {
  const contentType = detectDocumentType(upload.data, upload.filename);
  if (!contentType) {
    throw new AppError(
      'unsupported_media_type',
      `${describeRefusal(upload.data)} Upload a PDF, an office document, plain text, a picture, audio or video.`,
    );
  }
  let storedKey: string | undefined;
  try {
    const row = await withinQuotaOf(db, accountId, upload.data.length, async (tx) => {
      const file = await storeDocument(tx, storage, { name: upload.filename, contentType, data: upload.data }, accountId);
      storedKey = file.storageKey;
      return file;
    });
    return { documentFileItemId: row.id, name: row.name, contentType: row.contentType, size: row.size };
  } catch (error) {
    if (storedKey) await storage.delete(storedKey).catch(() => {});
    throw error;
  }
}
