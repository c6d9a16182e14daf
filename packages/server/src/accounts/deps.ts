import type { Db } from '../platform/db/client.ts';
import type { Notifier } from '../platform/notify/notifier.ts';
import type { RateLimiter } from '../platform/rate-limit/index.ts';
import type { TOtpChannel } from '../platform/db/schema/index.ts';
import type { Clock } from './clock.ts';

/** What the account services need; the accounts plugin builds it from the app. */
export interface TAccountDeps {
  db: Db;
  /** Key for code hashes (otpKey of the server signing key). */
  otpKey: Buffer;
  notifier: Notifier;
  rateLimiter: RateLimiter;
  clock: Clock;
  log: { warn(object: object, message: string): void };
  /**
   * Checks other domains make before a one-time code signs someone in (`app.codeSignInPolicies`):
   * each throws (a 403 naming the reason) to refuse codes for a contact, e.g. a business that
   * requires its single sign-on for its domain.
   */
  codeSignInPolicies: readonly TCodeSignInPolicy[];
  /** What other domains do once someone has signed in (`app.signedInSteps`; see `TSignedInStep`). */
  signedInSteps: readonly TSignedInStep[];
}

/** See `TAccountDeps.codeSignInPolicies`. */
export type TCodeSignInPolicy = (channel: TOtpChannel, contact: string) => Promise<void>;

/**
 * A step another domain runs once an account has signed in (one-time code, registration or single
 * sign-on), after the sign-in's commit and before the login result is read, so the answer shows
 * what the step changed (corporate joins the invitations of the e-mail's verified domain). It
 * runs its own transactions; a step that fails is logged and the sign-in stands.
 */
export type TSignedInStep = (accountId: string) => Promise<void>;
