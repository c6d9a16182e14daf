import { eq } from 'drizzle-orm';
import type { TLoginResult } from '@vbc/shared';
import type { Db } from '../platform/db/client.ts';
import { accounts } from '../platform/db/schema/index.ts';
import { isUniqueViolation } from '../platform/db/unique-violation.ts';
import type { TAccountDeps } from './deps.ts';
import { signIn } from './sign-in.ts';

/** What another domain runs in the sign-in's transaction once the account is known (single sign-on joins the business). */
export type TSignInStep = (tx: Db, accountId: string, created: boolean) => Promise<void>;

/**
 * Signs in the account of an e-mail address someone else has verified (an identity provider's ID
 * token, issue 27), creating it on first sign-in with `name`. The account, `step` and the session
 * are one transaction: a failure creates nothing. Answers as a one-time code's sign-in does.
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
      return { ...(await signIn(tx, accountId, now)), created };
    });
  try {
    return await attempt();
  } catch (error) {
    // The same person signing in twice at once: the second finds the account the first created.
    if (isUniqueViolation(error)) return attempt();
    throw error;
  }
}
