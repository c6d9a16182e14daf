import { describe, expect, it } from 'vitest';
import { decide, type GuardPolicy, type GuardState } from './attempt-guard.ts';

const MIN = 60_000;
const client: GuardPolicy = {
  scope: 't:client',
  limit: 5,
  windowMs: 1440 * MIN,
  lockMs: 15 * MIN,
  maxLockMs: 1440 * MIN,
  strikeMemoryMs: 1440 * MIN,
};
const card: GuardPolicy = { scope: 't:card', limit: 10, windowMs: 60 * MIN, lifetimeLimit: 100 };
const start = new Date('2026-01-01T00:00:00Z');
const at = (minutes: number) => new Date(start.getTime() + minutes * MIN);
const fresh = (): GuardState => ({
  windowStartedAt: new Date(0),
  attempts: 0,
  total: 0,
  strikes: 0,
  lockedUntil: null,
  updatedAt: new Date(0),
});

/** Makes `n` attempts at `when`, returning the state and the decisions. */
function attempt(state: GuardState, policy: GuardPolicy, n: number, when: Date) {
  const decisions = [];
  for (let i = 0; i < n; i++) {
    const { decision, next } = decide(state, policy, when);
    decisions.push(decision);
    if (next) state = next;
  }
  return { state, decisions };
}

describe('attempt guard rule', () => {
  it('locks after the limit, doubling the lock-out each time up to the cap, and forgets after a quiet day', () => {
    let { state, decisions } = attempt(fresh(), client, 6, at(0));
    expect(decisions.slice(0, 5).map((d) => d.ok)).toEqual([true, true, true, true, true]);
    expect(decisions[3]).toMatchObject({ ok: true, remaining: 1, lockedForMs: null });
    expect(decisions[4]).toMatchObject({ ok: true, remaining: 0, lockedForMs: 15 * MIN });
    expect(decisions[5]).toEqual({ ok: false, reason: 'locked', retryAfterMs: 15 * MIN });

    const lockouts = [];
    for (let round = 0; round < 8; round++) {
      // Right when the lock-out ends, 5 more wrong ones.
      const t = (state.lockedUntil!.getTime() - start.getTime()) / MIN;
      ({ state, decisions } = attempt(state, client, 5, at(t)));
      lockouts.push(decisions[4]!.ok ? decisions[4]!.lockedForMs! / MIN : null);
    }
    expect(lockouts).toEqual([30, 60, 120, 240, 480, 960, 1440, 1440]);

    // A day after the lock-out ends with no attempt, the history is forgotten.
    const end = (state.lockedUntil!.getTime() - start.getTime()) / MIN;
    ({ state, decisions } = attempt(state, client, 5, at(end + 1440)));
    expect(decisions[4]).toMatchObject({ lockedForMs: 15 * MIN });
  });

  it('refuses once a window is full until it ends, and for good past the lifetime limit', () => {
    let { state, decisions } = attempt(fresh(), card, 11, at(0));
    expect(decisions[10]).toEqual({ ok: false, reason: 'window', retryAfterMs: 60 * MIN });
    expect(state.total).toBe(10);
    ({ decisions } = attempt(state, card, 1, at(30)));
    expect(decisions[0]).toEqual({ ok: false, reason: 'window', retryAfterMs: 30 * MIN });
    for (let hour = 1; hour <= 9; hour++) ({ state } = attempt(state, card, 10, at(hour * 60)));
    expect(state.total).toBe(100);
    ({ decisions } = attempt(state, card, 1, at(100 * 60)));
    expect(decisions[0]).toEqual({ ok: false, reason: 'lifetime', retryAfterMs: null });
  });

  it('reports the attempts left, bounded by the lifetime limit', () => {
    const nearlySpent = { ...fresh(), total: 97 };
    const { decisions } = attempt(nearlySpent, card, 1, at(0));
    expect(decisions[0]).toMatchObject({ ok: true, remaining: 2 });
  });
});
