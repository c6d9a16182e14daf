import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { announcementAttachments, documentFiles } from '../db/schema/index.ts';
import { badRequest } from '../errors/app-error.ts';
import { claimPicture } from '../files/claim-picture.ts';

/** The header picture an author names: stored and, in the console (`ownerAccountId`), uploaded by the author. */
export const claimHeaderImage = (tx: Db, ref: string, ownerAccountId: string | null): Promise<string> => claimPicture(tx, 'imageId', ref, ownerAccountId);

/**
 * Replaces an announcement's attachments with these documents, in this order. Each must be stored
 * and, in the console, uploaded by the author (documents are judged by their bytes at upload).
 */
export async function setAttachments(tx: Db, announcementId: string, documentIds: string[], ownerAccountId: string | null): Promise<void> {
  const ids = [...new Set(documentIds)];
  const found = ids.length
    ? await tx
      .select({ id: documentFiles.id })
      .from(documentFiles)
      .where(and(inArray(documentFiles.id, ids), ownerAccountId === null ? undefined : eq(documentFiles.ownerAccountId, ownerAccountId)))
    : [];
  const missing = ids.find((id) => !found.some((f) => f.id === id));
  if (missing) {
    throw badRequest(ownerAccountId === null
      ? `attachments: document ${missing} is not stored; upload it with POST /api/files/document first.`
      : `attachments: document ${missing} is not one you uploaded; upload it with POST /api/files/document first.`);
  }
  await tx.delete(announcementAttachments).where(eq(announcementAttachments.announcementId, announcementId));
  if (ids.length) await tx.insert(announcementAttachments).values(ids.map((documentFileId, position) => ({ announcementId, documentFileId, position })));
}
