import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { preparedQuery } from '../platform/db/prepared.ts';
import { accounts, sessions } from '../platform/db/schema/index.ts';
import type { AuthAccount } from '../platform/plugins/auth.ts';
import type { FoundSession, SessionCache } from './session-cache.ts';

/** A session stays valid this long after its last use (sliding expiry)… */
export const SESSION_IDLE_MS = 30 * 24 * 60 * 60 * 1000;
/** …and never longer than this after sign-in. */
export const SESSION_MAX_AGE_MS = 180 * 24 * 60 * 60 * 1000;
/** Last-use is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60 * 60 * 1000;

/** SHA-256 in hex: how secrets that must be found again (tokens) are stored. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** 256 random bits, base64url. */
export const newToken = (): string => randomBytes(32).toString('base64url');

export interface IssuedSession {
  accessToken: string;
  sessionId: string;
}

/** Starts a session for an account: fresh token and session id, stored only as hashes. */
export async function issueSession(db: Db, accountId: string, now = new Date()): Promise<IssuedSession> {
  const accessToken = newToken();
  const sessionId = randomBytes(16).toString('base64url');
  await db.insert(sessions).values({
    accountId,
    tokenHash: sha256(accessToken),
    sessionIdHash: sha256(sessionId),
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_IDLE_MS),
  });
  return { accessToken, sessionId };
}

export type { AuthAccount };

/** The live session of a token's hash, with its account (findSession runs it on every signed-in request). */
const sessionByTokenHash = preparedQuery((db) =>
  db
    .select({
      sessionRowId: sessions.id,
      sessionIdHash: sessions.sessionIdHash,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      id: accounts.id,
      name: accounts.name,
      email: accounts.email,
      phoneNumber: accounts.phoneNumber,
      language: accounts.language,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(
      and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder('now'))),
    )
    .limit(1)
    .prepare('session_by_token_hash'),
);

/**
 * The account a live access token belongs to, or null. Slides the expiry forward on use. With a
 * `cache`, a session found within its time there is not looked up again.
 */
export async function findSession(db: Db, accessToken: string, now = new Date(), cache?: SessionCache): Promise<AuthAccount | null> {
  const tokenHash = sha256(accessToken);
  const at = now.getTime();
  let session: FoundSession | undefined = cache?.get(tokenHash, at);
  if (session === undefined) {
    const mark = cache?.mark() ?? 0;
    [session] = await sessionByTokenHash(db).execute({ tokenHash, now: now.toISOString() });
    if (!session) return null;
    cache?.set(tokenHash, session, mark, at);
  } else if (session.expiresAt.getTime() <= at) return null;
  if (at - session.createdAt.getTime() > SESSION_MAX_AGE_MS) return null;
  if (at - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    // Set first: the requests a cached session answers meanwhile do not touch it too.
    session.lastSeenAt = now;
    session.expiresAt = new Date(at + SESSION_IDLE_MS);
    await db.update(sessions).set({ lastSeenAt: now, expiresAt: session.expiresAt }).where(eq(sessions.id, session.sessionRowId));
  }
  return session;
}

/** Revokes one session (logout). */
export async function revokeSession(db: Db, sessionRowId: string, now = new Date()): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionRowId));
}
