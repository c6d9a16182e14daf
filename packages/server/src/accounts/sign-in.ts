import type { TLoginResult } from '@vbc/shared';
import type { TAccountDeps } from './deps.ts';
import { presentAccount } from './present-account.ts';
import type { IssuedSession } from './sessions.ts';

/**
 * Finishes a sign-in whose session (`issueSession`) is committed: runs the other domains' signed-in
 * steps (`app.signedInSteps`), then answers with docs/contracts.md §3's login result.
 */
export async function completeSignIn(
  deps: Pick<TAccountDeps, 'db' | 'signedInSteps' | 'log'>,
  accountId: string,
  session: IssuedSession,
): Promise<TLoginResult> {
  for (const step of deps.signedInSteps) {
    try {
      await step(accountId);
    } catch (error) {
      deps.log.warn({ err: error, accountId }, 'a signed-in step failed; the sign-in stands');
    }
  }
  return { ...session, account: await presentAccount(deps.db, accountId) };
}
