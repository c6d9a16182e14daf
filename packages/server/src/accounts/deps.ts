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
}

/** See `TAccountDeps.codeSignInPolicies`. */
export type TCodeSignInPolicy = (channel: TOtpChannel, contact: string) => Promise<void>;
