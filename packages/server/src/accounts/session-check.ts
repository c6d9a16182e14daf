import { timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions } from '../db/schema/index.ts';
import { sha256 } from './sessions.ts';

/** True when `sessionId` is the session id issued with the session's access token. */
export async function sessionIdMatches(db: Db, sessionRowId: string, sessionId: string): Promise<boolean> {
  const [row] = await db.select({ hash: sessions.sessionIdHash }).from(sessions).where(eq(sessions.id, sessionRowId)).limit(1);
  if (!row) return false;
  const expected = Buffer.from(row.hash, 'hex');
  const actual = Buffer.from(sha256(sessionId), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
