import type { TLoginResult } from '@vbc/shared';
import type { Db } from '../platform/db/client.ts';
import { presentAccount } from './present-account.ts';
import { issueSession } from './sessions.ts';

/** Starts a new session and answers with docs/contracts.md §3's login result. */
export async function signIn(db: Db, accountId: string, now: Date): Promise<TLoginResult> {
  const session = await issueSession(db, accountId, now);
  return { ...session, account: await presentAccount(db, accountId) };
}
