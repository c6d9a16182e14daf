import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { systemClock, type Clock } from './clock.ts';
import { bindServices, type BoundServices } from '../platform/plugins/bind-services.ts';
import type { AccountDeletionStep } from './delete-account.ts';
import type { TAccountDeps, TCodeSignInPolicy, TSignedInStep } from './deps.ts';
import { confirmContactChange, requestContactChange } from './change-contact.ts';
import { AccountEvents } from './events.ts';
import { otpKey } from './otp.ts';
import { presentAccount, renameAccount, setAccountLanguage } from './present-account.ts';
import { listRecents, mergeRecents } from './recents.ts';
import { registerAccount } from './register-account.ts';
import { requestCode } from './request-code.ts';
import accountRoutes from './routes.ts';
import { revokeSession } from './sessions.ts';
import { requestUnregisterCode, unregisterAccount, verifyUnregisterCode } from './unregister.ts';
import { verifyContact } from './verify-contact.ts';
import { signInVerifiedEmail } from './verified-email-sign-in.ts';

/** Sign-in, deletion and changing a contact: they need the code key, delivery, limits and the clock. */
const codeServices = {
  requestCode,
  verifyContact,
  registerAccount,
  requestUnregisterCode,
  verifyUnregisterCode,
  unregisterAccount,
  requestContactChange,
  confirmContactChange,
  signInVerifiedEmail,
};
/** The session, the account and its recents: the database is enough. */
const dbServices = { revokeSession, presentAccount, renameAccount, setAccountLanguage, mergeRecents, listRecents };

declare module 'fastify' {
  interface FastifyInstance {
    /** The time the account rules use; tests replace `app.clock.now`. */
    clock: Clock;
    /** Hooks for sign-out and account deletion (the hub closes connections there). */
    accountEvents: AccountEvents;
    /** Parts of account deletion other modules own, run inside the deletion transaction (see delete-account.ts). */
    accountDeletionSteps: AccountDeletionStep[];
    /** Checks other domains add before a one-time code signs someone in (single sign-on's "Require SSO"). */
    codeSignInPolicies: TCodeSignInPolicy[];
    /** Steps other domains run once someone has signed in, before the login result is read (corporate's auto-join). */
    signedInSteps: TSignedInStep[];
    /** The account services (sign-in by code, sessions, the account, recents, deletion). */
    accounts: BoundServices<typeof codeServices> & BoundServices<typeof dbServices>;
  }
}

/**
 * Accounts: code delivery (by `app.notifier`), sending limits, the clock, account events and the
 * docs/contracts.md §7 account routes. Options: `clock` to start with another clock.
 */
export default fp(
  async function accounts(app: FastifyInstance, options: { clock?: Clock }) {
    app.decorate('clock', options.clock ?? systemClock());
    app.decorate('accountEvents', new AccountEvents(app.log));
    // A session that ended, or an account that changed, is forgotten by every instance's session cache.
    app.accountEvents.onAccountSignedOut((accountId, { sessionRowId }) => app.sessionCache.forget({ accountId, sessionRowId }));
    app.accountEvents.onAccountUpdated((accountId) => app.sessionCache.forget({ accountId }));
    app.decorate('accountDeletionSteps', [] as AccountDeletionStep[]);
    app.decorate('codeSignInPolicies', [] as TCodeSignInPolicy[]);
    app.decorate('signedInSteps', [] as TSignedInStep[]);
    const deps: TAccountDeps = {
      db: app.db,
      otpKey: otpKey(app.signingKey),
      notifier: app.notifier,
      rateLimiter: app.rateLimiter,
      clock: app.clock,
      log: app.log,
      codeSignInPolicies: app.codeSignInPolicies,
      signedInSteps: app.signedInSteps,
    };
    app.decorate('accounts', { ...bindServices(deps, codeServices), ...bindServices(app.db, dbServices) });
    await app.register(accountRoutes);
  },
  { name: 'accounts', dependencies: ['config', 'db', 'secrets', 'auth', 'storage', 'rate-limiter', 'notify'] },
);
