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
  it('runs a lone call at once, and the calls that arrive while it runs as one batch after it, in order', async () => {
    const { run, batches, releaseAll } = heldRun();
    const write = batchedCalls(run, { maxInFlight: 2, maxBatch: 4, spreadAfterMs: 60_000 });
    const answers = Promise.all([1, 2, 3, 4, 5].map((n) => write(n)));
    expect(batches).toEqual([[1]]);
    await releaseAll();
    expect(await answers).toEqual([10, 20, 30, 40, 50]);
    expect(batches).toEqual([[1], [2, 3, 4, 5]]);
  });

  it('starts another batch beside a running one once more calls wait than a batch takes, up to maxInFlight', async () => {
    const { run, batches, releaseAll } = heldRun();
    const write = batchedCalls(run, { maxInFlight: 2, maxBatch: 2, spreadAfterMs: 60_000 });
    const answers = Promise.all([1, 2, 3, 4, 5, 6, 7].map((n) => write(n)));
    expect(batches).toEqual([[1], [2, 3]]);
    await releaseAll();
    expect(await answers).toEqual([10, 20, 30, 40, 50, 60, 70]);
    expect(batches).toEqual([[1], [2, 3], [4, 5], [6, 7]]);
  });

  it('starts a waiting call beside a batch that has not ended after spreadAfterMs (a hung database holds no one for its timeout)', async () => {
    const { run, batches, releaseAll } = heldRun();
    const write = batchedCalls(run, { maxInFlight: 2, spreadAfterMs: 30 });
    const first = write(1);
    const second = write(2);
    expect(batches).toEqual([[1]]);
    await expect.poll(() => batches, { timeout: 2000 }).toEqual([[1], [2]]);
    await releaseAll();
    expect(await Promise.all([first, second])).toEqual([10, 20]);
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
