import { and, count, desc, eq, gt, like, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { attemptGuards, guardFailures } from '../db/schema/index.ts';

/** How one kind of guessing is bounded. */
export interface GuardPolicy {
  /** Names the policy in the table ('pin:client', 'adopt:card', …). */
  scope: string;
  /** Attempts allowed per window. */
  limit: number;
  /** Length of a counting window; it starts at the first attempt after the last one ended. */
  windowMs: number;
  /** When set, the attempt that reaches `limit` locks the key for this long, doubled by each earlier lock-out. */
  lockMs?: number;
  /** Cap of the doubled lock-out. */
  maxLockMs?: number;
  /** Lock-outs are forgotten after this long without an attempt or a lock-out running. */
  strikeMemoryMs?: number;
  /** Once this many attempts were ever counted, the key is refused until an operator resets it. */
  lifetimeLimit?: number;
}

/** The stored state of one guarded key. */
export interface GuardState {
  windowStartedAt: Date;
  attempts: number;
  total: number;
  strikes: number;
  lockedUntil: Date | null;
  updatedAt: Date;
}

export type Refusal = {
  ok: false;
  /** locked: lock-out running; window: limit of the window reached; lifetime: an operator must reset it. */
  reason: 'locked' | 'window' | 'lifetime';
  /** When trying again may succeed; null for 'lifetime'. */
  retryAfterMs: number | null;
};
export type Admission = {
  ok: true;
  /** Attempts left after this one, if this one is wrong. */
  remaining: number;
  /** Set when this attempt started a lock-out (it applies if the attempt turns out wrong): its length. */
  lockedForMs: number | null;
  /** When the count starts over: the end of this window, or of the lock-out this attempt started. */
  resetsInMs: number;
};
export type Decision = Admission | Refusal;

const emptyState = (now: Date): GuardState => ({
  windowStartedAt: now,
  attempts: 0,
  total: 0,
  strikes: 0,
  lockedUntil: null,
  updatedAt: now,
});

/**
 * The rule, without storage: may one more attempt be made on `state` at
 * `now`, and what is the state after counting it. An attempt is counted
 * before the secret is checked (and refunded when it was right), so parallel
 * attempts can never exceed a limit.
 */
export function decide(state: GuardState, policy: GuardPolicy, now: Date): { decision: Decision; next: GuardState | null } {
  const t = now.getTime();
  const s: GuardState = { ...state };
  const quietSince = Math.max(s.updatedAt.getTime(), s.lockedUntil?.getTime() ?? 0);
  if (policy.strikeMemoryMs !== undefined && t - quietSince >= policy.strikeMemoryMs) s.strikes = 0;
  if (s.lockedUntil && s.lockedUntil.getTime() > t) {
    return { decision: { ok: false, reason: 'locked', retryAfterMs: s.lockedUntil.getTime() - t }, next: null };
  }
  if (policy.lifetimeLimit !== undefined && s.total >= policy.lifetimeLimit) {
    return { decision: { ok: false, reason: 'lifetime', retryAfterMs: null }, next: null };
  }
  if (t - s.windowStartedAt.getTime() >= policy.windowMs) {
    s.attempts = 0;
    s.windowStartedAt = now;
  }
  if (s.attempts >= policy.limit) {
    const retryAfterMs = s.windowStartedAt.getTime() + policy.windowMs - t;
    return { decision: { ok: false, reason: 'window', retryAfterMs }, next: null };
  }
  s.attempts += 1;
  s.total += 1;
  s.updatedAt = now;
  let lockedForMs: number | null = null;
  let remaining = policy.limit - s.attempts;
  if (policy.lockMs !== undefined && s.attempts >= policy.limit) {
    lockedForMs = Math.min(policy.lockMs * 2 ** s.strikes, policy.maxLockMs ?? Number.POSITIVE_INFINITY);
    s.lockedUntil = new Date(t + lockedForMs);
    s.strikes += 1;
    s.attempts = 0;
    s.windowStartedAt = now;
    remaining = 0;
  }
  if (policy.lifetimeLimit !== undefined) remaining = Math.min(remaining, policy.lifetimeLimit - s.total);
  const resetsInMs = lockedForMs ?? s.windowStartedAt.getTime() + policy.windowMs - t;
  return { decision: { ok: true, remaining, lockedForMs, resetsInMs }, next: s };
}

const where = (scope: string, key: string) => and(eq(attemptGuards.scope, scope), eq(attemptGuards.key, key));

/**
 * Counts one attempt for `key` under `policy`, or refuses it. The row is
 * read and written under a row lock in one short transaction (no hashing
 * inside), so every instance sees the same count.
 */
export async function admitAttempt(db: Db, policy: GuardPolicy, key: string, now = new Date()): Promise<Decision> {
  const fresh = emptyState(new Date(0));
  await db
    .insert(attemptGuards)
    .values({ scope: policy.scope, key, ...fresh })
    .onConflictDoNothing();
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(attemptGuards).where(where(policy.scope, key)).for('update');
    const state = row ?? fresh;
    const { decision, next } = decide(state, policy, now);
    if (next)
      await tx
        .update(attemptGuards)
        .set({ ...next, version: (row?.version ?? 0) + 1 })
        .where(where(policy.scope, key));
    return decision;
  });
}

/**
 * Gives back an attempt that turned out right. `reset` also forgets the
 * lock-out history (a client that knew the PIN); otherwise only the count drops.
 */
export async function refundAttempt(db: Db, policy: GuardPolicy, key: string, options: { reset?: boolean } = {}): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(attemptGuards).where(where(policy.scope, key)).for('update');
    if (!row) return;
    const next = options.reset
      ? { attempts: 0, strikes: 0, lockedUntil: null, total: Math.max(0, row.total - 1) }
      : { attempts: Math.max(0, row.attempts - 1), total: Math.max(0, row.total - 1) };
    await tx
      .update(attemptGuards)
      .set({ ...next, version: row.version + 1 })
      .where(where(policy.scope, key));
  });
}

/** Forgets every count of a key (an operator's unlock, or a new secret). */
export async function resetGuard(db: Db, scope: string, key: string): Promise<void> {
  await db.delete(attemptGuards).where(where(scope, key));
}

/** Forgets every key of `scope` that starts with `prefix` (all clients of one card). */
export async function resetGuardsByPrefix(db: Db, scope: string, prefix: string): Promise<void> {
  const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  await db.delete(attemptGuards).where(and(eq(attemptGuards.scope, scope), like(attemptGuards.key, pattern)));
}

/** The stored state of a key, if any attempt was counted. */
export async function readGuard(db: Db, scope: string, key: string): Promise<GuardState | null> {
  const [row] = await db.select().from(attemptGuards).where(where(scope, key));
  return row ?? null;
}

const FAILURE_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** Records one confirmed wrong guess (for the owner's view) and prunes this subject's old ones. */
export async function recordFailure(
  db: Db,
  kind: 'pin' | 'adopt',
  subject: string,
  client: string | null,
  now = new Date(),
): Promise<void> {
  await db.insert(guardFailures).values({ kind, subject, client, at: now });
  await db
    .delete(guardFailures)
    .where(
      and(
        eq(guardFailures.kind, kind),
        eq(guardFailures.subject, subject),
        lt(guardFailures.at, new Date(now.getTime() - FAILURE_RETENTION_MS)),
      ),
    );
}

/** Wrong guesses at `subject` since `since`, and the latest one. */
export async function failureSummary(
  db: Db,
  kind: 'pin' | 'adopt',
  subject: string,
  since: Date,
): Promise<{ count: number; lastAt: Date | null }> {
  const filter = and(eq(guardFailures.kind, kind), eq(guardFailures.subject, subject), gt(guardFailures.at, since));
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(guardFailures).where(filter);
  const [last] = await db
    .select({ at: guardFailures.at })
    .from(guardFailures)
    .where(and(eq(guardFailures.kind, kind), eq(guardFailures.subject, subject)))
    .orderBy(desc(guardFailures.at))
    .limit(1);
  return { count: Number(n), lastAt: last?.at ?? null };
}
