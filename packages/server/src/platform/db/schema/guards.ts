import { bigserial, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One attempt counter for guessing secrets (PINs, adoption passcodes), shared
 * by every instance. `scope` names the policy ('pin:client', 'pin:card',
 * 'adopt:card', 'adopt:account'); `key` the thing counted (a card, a card and
 * a client address, an account). Rows change only by compare-and-swap on
 * `version`, so concurrent attempts never slip past a limit.
 */
export const attemptGuards = pgTable(
  'attempt_guards',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** Start of the current counting window. */
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    /** Attempts counted in the current window (refunded when an attempt succeeds). */
    attempts: integer('attempts').notNull().default(0),
    /** Attempts counted ever (for lifetime limits). */
    total: integer('total').notNull().default(0),
    /** Lock-outs so far: each one doubles the next (back-off). */
    strikes: integer('strikes').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    version: integer('version').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);

/**
 * One confirmed wrong guess, kept for the owner's and operators' view (how
 * often, when, from where). Bounded by the guards above; pruned after 30 days.
 */
export const guardFailures = pgTable(
  'guard_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** 'pin' or 'adopt'. */
    kind: text('kind').notNull(),
    /** The card guessed at. */
    subject: text('subject').notNull(),
    /** Client address, or account id for adoption. */
    client: text('client'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('guard_failures_subject_idx').on(t.kind, t.subject, t.at)],
);
