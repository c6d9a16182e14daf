import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import notify from '../notify/plugin.ts';
import rateLimit from '../rate-limit/plugin.ts';
import { systemClock, type Clock } from './clock.ts';
import type { AccountDeletionStep } from './delete-account.ts';
import { AccountEvents } from './events.ts';
import { otpKey } from './otp.ts';
import accountRoutes from './routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The time the account rules use; tests replace `app.clock.now`. */
    clock: Clock;
    /** Hooks for sign-out and account deletion (the hub closes connections there). */
    accountEvents: AccountEvents;
    /** Parts of account deletion other modules own, run inside the deletion transaction (see delete-account.ts). */
    accountDeletionSteps: AccountDeletionStep[];
  }
}

/**
 * Accounts: code delivery, sending limits, the clock, account events and the
 * SPEC §7 account routes. Options: `clock` to start with another clock.
 */
export default fp(
  async function accounts(app: FastifyInstance, options: { clock?: Clock }) {
    await app.register(rateLimit);
    await app.register(notify);
    app.decorate('clock', options.clock ?? systemClock());
    app.decorate('accountEvents', new AccountEvents(app.log));
    app.decorate('accountDeletionSteps', [] as AccountDeletionStep[]);
    const key = otpKey(app.signingKey);
    await app.register(accountRoutes, {
      deps: () => ({ db: app.db, otpKey: key, notifier: app.notifier, rateLimiter: app.rateLimiter, clock: app.clock, log: app.log }),
    });
  },
  { name: 'accounts', dependencies: ['config', 'db', 'secrets', 'auth', 'storage'] },
);
