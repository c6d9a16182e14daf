import { and, count, desc, eq } from 'drizzle-orm';
import type { TScimToken, TScimTokenCreated } from '@vbc/shared/scim';
import type { Db } from '../platform/db/client.ts';
import { scimTokens } from '../platform/db/schema/index.ts';
import { conflict, notFound } from '../platform/errors/app-error.ts';
import { newToken, sha256 } from '../accounts/index.ts';
import { recordAudit } from '../corporate/index.ts';

/** Every SCIM token starts so, so that a leaked one is recognised (secret scanners, logs). */
export const SCIM_TOKEN_PREFIX = 'vbcscim_';
/** Tokens one business may hold at once (one per identity provider and a spare while rotating). */
export const MAX_SCIM_TOKENS = 10;

const present = (row: typeof scimTokens.$inferSelect): TScimToken => ({
  id: row.id,
  hint: row.hint,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** Console (admin): the business's SCIM tokens, newest first; never the tokens themselves. */
export async function listScimTokens(db: Db, corporateAccountId: string): Promise<TScimToken[]> {
  const rows = await db
    .select()
    .from(scimTokens)
    .where(eq(scimTokens.corporateAccountId, corporateAccountId))
    .orderBy(desc(scimTokens.createdAt), desc(scimTokens.id));
  return rows.map(present);
}

/**
 * Console (admin): makes a token; the answer is the only time it is shown (stored as its SHA-256
 * hash). 409 once the business holds MAX_SCIM_TOKENS.
 */
export async function createScimToken(db: Db, corporateAccountId: string, createdByAccountId: string): Promise<TScimTokenCreated> {
  const [held] = await db.select({ n: count() }).from(scimTokens).where(eq(scimTokens.corporateAccountId, corporateAccountId));
  if ((held?.n ?? 0) >= MAX_SCIM_TOKENS) {
    throw conflict(`A business holds at most ${MAX_SCIM_TOKENS} SCIM tokens: revoke one first.`);
  }
  const token = `${SCIM_TOKEN_PREFIX}${newToken()}`;
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(scimTokens)
      .values({ corporateAccountId, tokenHash: sha256(token), hint: token.slice(-4), createdByAccountId })
      .returning();
    await recordAudit(tx, {
      corporateAccountId,
      actorAccountId: createdByAccountId,
      action: 'scim_token.created',
      detail: { tokenId: created!.id, hint: created!.hint },
    });
    return created!;
  });
  return { ...present(row), token };
}

/** Console (admin): revokes a token at once; 404 for a token of another business. */
export async function revokeScimToken(db: Db, corporateAccountId: string, tokenId: string, actorId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(scimTokens)
      .where(and(eq(scimTokens.id, tokenId), eq(scimTokens.corporateAccountId, corporateAccountId)))
      .returning({ id: scimTokens.id, hint: scimTokens.hint });
    if (!gone) throw notFound('SCIM token');
    await recordAudit(tx, {
      corporateAccountId,
      actorAccountId: actorId,
      action: 'scim_token.revoked',
      detail: { tokenId, hint: gone.hint },
    });
  });
}

/** Last use is written at most this often, so SCIM reads stay reads. */
const TOUCH_EVERY_MS = 60 * 1000;

/**
 * True when `token` is a live SCIM token of that business (looked up by its hash, so the
 * comparison leaks nothing of the token); notes when it was last used.
 */
export async function scimTokenAdmits(db: Db, corporateAccountId: string, token: string, now: Date): Promise<boolean> {
  if (!token.startsWith(SCIM_TOKEN_PREFIX)) return false;
  const [row] = await db
    .select({ id: scimTokens.id, corporateAccountId: scimTokens.corporateAccountId, lastUsedAt: scimTokens.lastUsedAt })
    .from(scimTokens)
    .where(eq(scimTokens.tokenHash, sha256(token)))
    .limit(1);
  if (!row || row.corporateAccountId !== corporateAccountId) return false;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(scimTokens).set({ lastUsedAt: now }).where(eq(scimTokens.id, row.id));
  }
  return true;
}
