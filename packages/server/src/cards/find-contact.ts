import { eq } from 'drizzle-orm';
import { isQuickId, isUuid, normalizeQuickId } from '@vbc/shared';
import type { Db } from '../platform/db/client.ts';
import { displayItems, virtualContacts } from '../platform/db/schema/index.ts';
import { notFound } from '../platform/errors/app-error.ts';
import type { ContactRow, PictureInfo } from './present-card.ts';

export interface FoundContact {
  row: ContactRow;
  picture: PictureInfo;
}

/**
 * Resolves a route's contactId, which docs/contracts.md §2 allows to be the full id or the
 * quickId. Anything that is neither is "not found" without touching the database.
 */
export async function findContact(db: Db, contactId: string): Promise<FoundContact | null> {
  const key = contactId.trim();
  let where;
  if (isUuid(key)) where = eq(virtualContacts.id, key.toLowerCase());
  else if (isQuickId(normalizeQuickId(key))) where = eq(virtualContacts.quickId, normalizeQuickId(key));
  else return null;
  const [found] = await db
    .select({ row: virtualContacts, pictureContentType: displayItems.contentType })
    .from(virtualContacts)
    .leftJoin(displayItems, eq(displayItems.id, virtualContacts.pictureDisplayItemId))
    .where(where)
    .limit(1);
  if (!found) return null;
  const { row, pictureContentType } = found;
  const picture =
    row.pictureDisplayItemId && pictureContentType ? { displayItemId: row.pictureDisplayItemId, contentType: pictureContentType } : null;
  return { row, picture };
}

/** findContact, or a 404 naming the card. */
export async function getContact(db: Db, contactId: string): Promise<FoundContact> {
  const found = await findContact(db, contactId);
  if (!found) throw notFound('card');
  return found;
}
