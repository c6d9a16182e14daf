import { eq } from 'drizzle-orm';
import type { TLoginResult } from '@vbc/shared';
import type { Db } from '../platform/db/client.ts';
import { accounts } from '../platform/db/schema/index.ts';
import { isUniqueViolation } from '../platform/db/unique-violation.ts';
import type { TAccountDeps } from './deps.ts';
import { completeSignIn } from './sign-in.ts';
import { issueSession } from './sessions.ts';

/** What another domain runs in the sign-in's transaction once the account is known (single sign-on joins the business). */
export type TSignInStep = (tx: Db, accountId: string, created: boolean) => Promise<void>;

/**
 * Signs in the account of an e-mail address someone else has verified (an identity provider's ID
 * token, issue 27), creating it on first sign-in with `name`. The account, `step` and the session
 * are one transaction: a failure creates nothing. Answers as a one-time code's sign-in does (the
 * signed-in steps run after that commit).
 */
export async function signInVerifiedEmail(
  deps: TAccountDeps,
  person: { email: string; name: string },
  step: TSignInStep,
): Promise<TLoginResult & { created: boolean }> {
  const email = person.email.trim().toLowerCase();
  const now = deps.clock.now();
  const attempt = () =>
    deps.db.transaction(async (tx) => {
      const [found] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, email)).limit(1);
      const created = !found;
      const accountId =
        found?.id ?? (await tx.insert(accounts).values({ name: person.name, email, createdAt: now }).returning({ id: accounts.id }))[0]!.id;
      await step(tx, accountId, created);
      return { accountId, session: await issueSession(tx, accountId, now), created };
    });
  let signedIn: Awaited<ReturnType<typeof attempt>>;
  try {
    signedIn = await attempt();
  } catch (error) {
    // The same person signing in twice at once: the second finds the account the first created.
    if (!isUniqueViolation(error)) throw error;
    signedIn = await attempt();
  }
  return { ...(await completeSignIn(deps, signedIn.accountId, signedIn.session)), created: signedIn.created };
}
