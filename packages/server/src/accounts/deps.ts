import type { Db } from '../platform/db/client.ts';
import type { Notifier } from '../platform/notify/notifier.ts';
import type { RateLimiter } from '../platform/rate-limit/index.ts';
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
}
