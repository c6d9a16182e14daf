import { eq } from 'drizzle-orm';
import { isUuid } from '@vbc/shared';
import type { Db } from '../platform/db/client.ts';
import { documentFiles } from '../platform/db/schema/index.ts';

/** The stored document with this documentFileItemId (a UUID, any case), if any. */
export async function findDocument(db: Db, id: string): Promise<typeof documentFiles.$inferSelect | undefined> {
  if (!isUuid(id)) return undefined;
  const [file] = await db.select().from(documentFiles).where(eq(documentFiles.id, id.toLowerCase())).limit(1);
  return file;
}
