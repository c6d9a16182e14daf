import { expect } from 'vitest';

/**
 * Checks a batched read (platform/db/batched-statement.ts): each call is made alone first (nothing in
 * flight, so it runs at once, a batch of one), then all of them in the same tick, where batchedCalls
 * runs the first `maxInFlight` (4) alone and the rest together, as one statement. Every call must
 * answer the same both ways: a batch that mixed up or dropped its elements' answers fails. `calls`
 * should be more than four and hold a repeat, so a batch holds several elements and one twice.
 */
export async function expectBatchedAsAlone<T>(calls: (() => Promise<T>)[]): Promise<T[]> {
  expect(calls.length).toBeGreaterThan(5);
  const alone: T[] = [];
  for (const call of calls) alone.push(await call());
  const together = await Promise.all(calls.map((call) => call()));
  expect(together).toEqual(alone);
  return alone;
}
