import { eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { displayItems, documentFiles } from '../platform/db/schema/index.ts';
import { AppError } from '../platform/errors/app-error.ts';
import { MB } from './read-upload.ts';

/** Bytes one account may keep in uploaded pictures (all variants) and documents. */
export const STORAGE_QUOTA_BYTES = 200 * MB;

/** Bytes an account's stored pictures and documents take. */
export async function storageUsed(db: Db, accountId: string): Promise<number> {
  const [images] = await db
    .select({ total: sql<string>`coalesce(sum(${displayItems.size}), 0)` })
    .from(displayItems)
    .where(eq(displayItems.ownerAccountId, accountId));
  const [documents] = await db
    .select({ total: sql<string>`coalesce(sum(${documentFiles.size}), 0)` })
    .from(documentFiles)
    .where(eq(documentFiles.ownerAccountId, accountId));
  return Number(images?.total ?? 0) + Number(documents?.total ?? 0);
}

/**
 * Runs `store` in a transaction that holds the account's quota lock, after
 * checking that `addedBytes` more still fit: two uploads at once cannot both
 * slip under the limit. Over it → 413 saying how much is used.
 */
export async function withinQuota<T>(
  db: Db,
  accountId: string,
  addedBytes: number,
  store: (tx: Db) => Promise<T>,
  quotaBytes = STORAGE_QUOTA_BYTES,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`vbc-quota:${accountId}`}))`);
    const used = await storageUsed(tx, accountId);
    if (used + addedBytes > quotaBytes) {
      throw new AppError(
        'payload_too_large',
        `Your storage is full: ${(used / MB).toFixed(1)} MB of ${Math.round(quotaBytes / MB)} MB used, and this file needs ${(addedBytes / MB).toFixed(1)} MB. Delete files you no longer need.`,
      );
    }
    return store(tx);
  });
}
