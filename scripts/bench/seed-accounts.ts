// Accounts for the hub benches' seeds, written in bulk (one INSERT per 1,000 rows), each signed
// in with a fresh session whose token is handed back (the sessions table keeps its hash only).
import { randomBytes } from 'node:crypto';
import { accounts, sessions } from '../../packages/server/src/platform/db/schema/index.ts';
import { sha256, SESSION_IDLE_MS } from '../../packages/server/src/accounts/sessions.ts';
import type { seedApp } from './seed-app.ts';

type TApp = Awaited<ReturnType<typeof seedApp>>['app'];

/** Rows per INSERT. */
const CHUNK = 1000;

/** `count` accounts named `${prefix} i` (emails `${prefix}-i@bench.test`, lower case), in order; resolves with their ids. */
export async function insertAccounts(app: TApp, prefix: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += CHUNK) {
    const rows = await app.db
      .insert(accounts)
      .values(
        Array.from({ length: Math.min(CHUNK, count - i) }, (_, j) => ({
          name: `${prefix} ${i + j}`,
          email: `${prefix.toLowerCase()}-${i + j}@bench.test`,
        })),
      )
      .returning({ id: accounts.id });
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

/** A session for each account in `accountIds`; resolves with their access tokens, in the same order. */
export async function signIn(app: TApp, accountIds: readonly string[]): Promise<string[]> {
  const expiresAt = new Date(Date.now() + SESSION_IDLE_MS);
  const tokens = accountIds.map(() => randomBytes(32).toString('base64url'));
  for (let i = 0; i < accountIds.length; i += CHUNK) {
    await app.db.insert(sessions).values(
      accountIds.slice(i, i + CHUNK).map((accountId, j) => ({
        accountId,
        tokenHash: sha256(tokens[i + j]!),
        sessionIdHash: sha256(randomBytes(16).toString('base64url')),
        expiresAt,
      })),
    );
  }
  return tokens;
}
