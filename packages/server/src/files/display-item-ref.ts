import { eq, or } from 'drizzle-orm';
import { isUuid } from '@vbc/shared';
import type { Db } from '../platform/db/client.ts';
import { displayItems } from '../platform/db/schema/index.ts';
import type { DisplayItemRow } from './store-files.ts';

/**
 * The display item a reference names: its displayItemId (a UUID, any case) or its
 * obsecuredDisplayItemId (22 base64url characters, so never taken for a UUID).
 */
export const displayItemNamed = (ref: string) =>
  isUuid(ref) ? or(eq(displayItems.id, ref.toLowerCase()), eq(displayItems.obsecuredId, ref)) : eq(displayItems.obsecuredId, ref);

/** The display item with this displayItemId (a UUID, any case), if any. */
export async function findDisplayItemById(db: Db, id: string): Promise<DisplayItemRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [item] = await db.select().from(displayItems).where(eq(displayItems.id, id.toLowerCase())).limit(1);
  return item;
}

/** The display item a reference names (displayItemId or obsecuredDisplayItemId), if any. */
export async function findDisplayItem(db: Db, ref: string): Promise<DisplayItemRow | undefined> {
  const [item] = await db.select().from(displayItems).where(displayItemNamed(ref)).limit(1);
  return item;
}
