import { and, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { announcementAttachments, documentFiles } from '../platform/db/schema/index.ts';
import { badRequest } from '../platform/errors/app-error.ts';
import { claimPicture } from '../files/index.ts';

/**
 * The header picture an author names: stored and, in the console (`ownerAccountId`), uploaded by
 * the author, unless it is the one the announcement shows now (`shownNow`).
 */
export const claimHeaderImage = (tx: Db, ref: string, ownerAccountId: string | null, shownNow: string | null = null): Promise<string> =>
  claimPicture(tx, 'imageId', ref, ownerAccountId, shownNow);

/**
 * Replaces an announcement's attachments with these documents, in this order. Each must be stored
 * and, in the console, uploaded by the author or attached already (another editor's document
 * stays when the list is sent back without it changing); documents are judged by their bytes at upload.
 */
export async function setAttachments(tx: Db, announcementId: string, documentIds: string[], ownerAccountId: string | null): Promise<void> {
  const ids = [...new Set(documentIds)];
  const found = ids.length
    ? await tx
        .select({ id: documentFiles.id })
        .from(documentFiles)
        .where(
          and(
            inArray(documentFiles.id, ids),
            ownerAccountId === null
              ? undefined
              : or(
                  eq(documentFiles.ownerAccountId, ownerAccountId),
                  inArray(
                    documentFiles.id,
                    tx
                      .select({ id: announcementAttachments.documentFileId })
                      .from(announcementAttachments)
                      .where(eq(announcementAttachments.announcementId, announcementId)),
                  ),
                ),
          ),
        )
    : [];
  const missing = ids.find((id) => !found.some((f) => f.id === id));
  if (missing) {
    throw badRequest(
      ownerAccountId === null
        ? `attachments: document ${missing} is not stored; upload it with POST /api/files/document first.`
        : `attachments: document ${missing} is not one you uploaded; upload it with POST /api/files/document first.`,
    );
  }
  await tx.delete(announcementAttachments).where(eq(announcementAttachments.announcementId, announcementId));
  if (ids.length)
    await tx.insert(announcementAttachments).values(ids.map((documentFileId, position) => ({ announcementId, documentFileId, position })));
}
