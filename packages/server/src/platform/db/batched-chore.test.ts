import { setTimeout as sleep } from 'node:timers/promises';
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { scheduleBatchedChore } from './batched-chore.ts';

/** Schedules a chore every 5 ms whose batches take what `taken` answers in turn (then 0), and counts its batches. */
function chore(stopsWhenDone: boolean, taken: number[]) {
  const app = Fastify();
  const calls = { count: 0 };
  scheduleBatchedChore(app, {
    done: 'rows done',
    everyMs: 5,
    batch: 2,
    runBatch: async () => taken[calls.count++] ?? 0,
    stopsWhenDone,
  });
  return { app, calls };
}

it('a fill takes batches while they come back full, and its timer stops after a pass that finds nothing', async () => {
  // Pass 1: 2 (full), 1; pass 2: 0, and no pass after it.
  const { app, calls } = chore(true, [2, 1]);
  await sleep(100);
  expect(calls.count).toBe(3);
  await app.close();
});

it("a sweep's timer keeps going when a pass finds nothing, and stops with the app", async () => {
  const { app, calls } = chore(false, []);
  await sleep(100);
  expect(calls.count).toBeGreaterThan(3);
  await app.close();
  const closed = calls.count;
  await sleep(50);
  expect(calls.count).toBe(closed);
});
