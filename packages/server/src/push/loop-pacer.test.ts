import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { LoopPacer, PACE_WINDOW_MS } from './loop-pacer.ts';

/** Keeps the event loop busy for `ms` (a request load), 4 ms a turn, never idle: how many turns it took. */
async function loadFor(ms: number): Promise<number> {
  const end = performance.now() + ms;
  let turns = 0;
  while (performance.now() < end) {
    const until = performance.now() + 4;
    while (performance.now() < until);
    await new Promise((r) => setImmediate(r));
    turns++;
  }
  return turns;
}

/** Slices of bulk work run through `pacer` for `ms`, and the load's turns meanwhile. */
async function slicesDuring(pacer: LoopPacer, ms: number): Promise<{ slices: number; turns: number }> {
  let slices = 0;
  let stop = false;
  const bulk = (async () => {
    while (!stop) {
      await pacer.room();
      slices++;
    }
  })();
  const turns = await loadFor(ms);
  stop = true;
  await bulk;
  pacer.close();
  return { slices, turns };
}

describe('loop pacer', () => {
  it('holds bulk slices while requests keep the event loop busy, but lets one a window through', async () => {
    const paced = await slicesDuring(new LoopPacer(0.3), 10 * PACE_WINDOW_MS);
    const unpaced = await slicesDuring(new LoopPacer(1), 10 * PACE_WINDOW_MS);
    // Unpaced, a slice runs on every turn of the load, however many turns a busy machine allows;
    // paced, about one per window (the floor; a few more in the first half window, before the
    // pacer has measured anything), never none.
    expect(unpaced.slices).toBeGreaterThanOrEqual(unpaced.turns - 1);
    expect(paced.slices).toBeGreaterThanOrEqual(5);
    expect(paced.slices).toBeLessThanOrEqual(30);
    expect(paced.slices).toBeLessThan(paced.turns / 2);
  });

  it('lets bulk slices run on every turn while the event loop is idle', async () => {
    const pacer = new LoopPacer(0.3);
    const start = performance.now();
    for (let i = 0; i < 100; i++) await pacer.room();
    pacer.close();
    expect(performance.now() - start).toBeLessThan(PACE_WINDOW_MS * 3);
  });
});
