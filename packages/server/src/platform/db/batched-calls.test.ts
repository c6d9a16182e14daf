import { describe, expect, it } from 'vitest';
import { batchedCalls } from './batched-calls.ts';

/** A run whose batches are recorded and held until released, so the test decides when each ends. */
function heldRun() {
  const batches: number[][] = [];
  const releases: (() => void)[] = [];
  const run = async (items: readonly number[]) => {
    batches.push([...items]);
    await new Promise<void>((resolve) => releases.push(resolve));
    if (items.includes(13)) throw new Error('13 is refused');
    if (items.includes(99)) throw Object.assign(new Error('no answer'), { code: 'ETIMEDOUT' });
    return items.map((n) => n * 10);
  };
  const releaseAll = async () => {
    while (releases.length) {
      releases.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { run, batches, releaseAll };
}

describe('batchedCalls', () => {
  it('runs a call at once while there is room, and the calls that arrive meanwhile as one batch, in order', async () => {
    const { run, batches, releaseAll } = heldRun();
    const write = batchedCalls(run, { maxInFlight: 2, maxBatch: 3 });
    const answers = Promise.all([1, 2, 3, 4, 5, 6].map((n) => write(n)));
    expect(batches).toEqual([[1], [2]]);
    await releaseAll();
    expect(await answers).toEqual([10, 20, 30, 40, 50, 60]);
    expect(batches).toEqual([[1], [2], [3, 4, 5], [6]]);
  });

  it('runs a failed batch again one call at a time: the failing call alone is refused', async () => {
    const { run, batches, releaseAll } = heldRun();
    const write = batchedCalls(run, { maxInFlight: 1 });
    const first = write(1);
    const rest = [12, 13, 14].map((n) =>
      write(n).then(
        (value) => ({ value }),
        (error: Error) => ({ error: error.message }),
      ),
    );
    await releaseAll();
    expect(await first).toBe(10);
    expect(await Promise.all(rest)).toEqual([{ value: 120 }, { error: '13 is refused' }, { value: 140 }]);
    expect(batches).toEqual([[1], [12, 13, 14], [12], [13], [14]]);
  });

  it('fails every call of a batch at once when the database is unavailable, without running each again', async () => {
    const { run, batches, releaseAll } = heldRun();
    const write = batchedCalls(run, { maxInFlight: 1 });
    const first = write(1);
    const rest = [98, 99, 100].map((n) => write(n).catch((error: Error) => error.message));
    await releaseAll();
    expect(await first).toBe(10);
    expect(await Promise.all(rest)).toEqual(['no answer', 'no answer', 'no answer']);
    expect(batches).toEqual([[1], [98, 99, 100]]);
  });
});
