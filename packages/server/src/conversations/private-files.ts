import { and, eq, inArray } from 'drizzle-orm';
import { isUuid } from '@vbc/shared';
import type { Db } from '../platform/db/client.ts';
import { conversationMessages, conversationParticipants } from '../platform/db/schema/index.ts';
import type { TFileRef } from '../files/index.ts';

/**
 * The conversations' rule for `app.privateFileRules`: a photo or document attached to a message
 * is private to the conversation, readable by its participants (by a link signed for them).
 */
export async function conversationFileRule(
  db: Db,
  file: TFileRef,
  accountId: string | null,
): Promise<{ private: boolean; allowed: boolean }> {
  const m = conversationMessages;
  const attached = await db
    .select({ conversationId: m.conversationId })
    .from(m)
    .where(eq(file.kind === 'display' ? m.displayItemId : m.documentFileId, file.id));
  if (attached.length === 0) return { private: false, allowed: false };
  if (!accountId || !isUuid(accountId)) return { private: true, allowed: false };
  const p = conversationParticipants;
  const [side] = await db
    .select({ id: p.id })
    .from(p)
    .where(
      and(
        inArray(
          p.conversationId,
          attached.map((a) => a.conversationId),
        ),
        eq(p.accountId, accountId.toLowerCase()),
      ),
    )
    .limit(1);
  return { private: true, allowed: side !== undefined };
}
