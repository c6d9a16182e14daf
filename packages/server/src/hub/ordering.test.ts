import { afterEach, describe, expect, it } from 'vitest';
import { OrderedStreams, decodeOrdered, encodeOrdered } from './ordering.ts';
import { sleep } from '../test/hub-support.ts';

const made: OrderedStreams[] = [];
afterEach(() => made.splice(0).forEach((o) => o.close()));

/** An OrderedStreams whose deliveries land in `out`; the gap filler answers `[fill from-to]`. */
function ordered(waitMs = 50, withFill = true, now?: () => number) {
  const out: string[] = [];
  const o = new OrderedStreams({
    waitMs,
    now,
    deliver: (records) => out.push(records),
    fillGap: withFill ? async (stream, from, to) => `[fill ${stream} ${from}-${to}]` : undefined,
  });
  made.push(o);
  return { o, out };
}

describe('ordered hub events', () => {
  it('holds an event until the one before it arrives, then delivers both in order', () => {
    const { o, out } = ordered();
    o.push('c', 1, 'one;');
    o.push('c', 3, 'three;');
    expect(out).toEqual(['one;']);
    o.push('c', 2, 'two;');
    expect(out).toEqual(['one;', 'two;three;']);
  });

  it('keeps streams apart, and drops an event older than what was delivered (a replay)', () => {
    const { o, out } = ordered();
    o.push('c', 1, 'c1;');
    o.push('d', 1, 'd1;');
    o.push('c', 2, 'c2;');
    o.push('c', 1, 'c1 again;');
    expect(out).toEqual(['c1;', 'd1;', 'c2;']);
  });

  it('fills a gap that does not close in time from the source of truth, then goes on', async () => {
    const { o, out } = ordered(30);
    o.push('c', 1, 'one;');
    o.push('c', 4, 'four;');
    await sleep(120);
    expect(out).toEqual(['one;', '[fill c 2-3]', 'four;']);
    o.push('c', 3, 'three, late;');
    o.push('c', 5, 'five;');
    expect(out.at(-1)).toBe('five;');
  });

  it('starts a stream seen mid-way after the wait, lowest first, without filling before it', async () => {
    const { o, out } = ordered(30);
    o.push('c', 7, 'seven;');
    o.push('c', 6, 'six;');
    expect(out).toEqual([]);
    await sleep(120);
    expect(out).toEqual(['six;seven;']);
  });

  it('starts a stream seen mid-way at once when the event before it was sent before the streams were followed', () => {
    const followedAt = 1_000_000;
    const { o, out } = ordered(300, true, () => followedAt);
    o.push('c', 7, 'seven;', followedAt - 60_000);
    expect(out).toEqual(['seven;']);
    o.push('c', 6, 'six, a replay;');
    o.push('c', 8, 'eight;', followedAt + 5);
    expect(out).toEqual(['seven;', 'eight;']);
  });

  it('holds a stream seen mid-way whose event before was sent since, or about then: it may be on its way', async () => {
    const followedAt = Date.now();
    const { o, out } = ordered(30, true, () => followedAt);
    o.push('c', 5, 'five;', followedAt + 1);
    o.push('d', 5, 'five;', followedAt - 10); // within the clocks' allowance
    expect(out).toEqual([]);
    o.push('c', 4, 'four;', followedAt - 1);
    await sleep(120);
    expect(out).toEqual(['four;five;', 'five;']);
  });

  it('encodes and decodes the backplane payload, with and without the time of the event before', () => {
    expect(decodeOrdered(encodeOrdered({ stream: 'conv-1', seq: 12, previousAt: 1_700_000_000_123 }, '{"x":1}\u001e'))).toEqual({
      stream: 'conv-1',
      seq: 12,
      previousAt: 1_700_000_000_123,
      records: '{"x":1}\u001e',
    });
    expect(decodeOrdered(encodeOrdered({ stream: 'conv-1', seq: 1, previousAt: null }, 'r'))).toEqual({
      stream: 'conv-1',
      seq: 1,
      previousAt: undefined,
      records: 'r',
    });
    expect(decodeOrdered(encodeOrdered({ stream: 'conv-1', seq: 3 }, 'r'))).toEqual({
      stream: 'conv-1',
      seq: 3,
      previousAt: undefined,
      records: 'r',
    });
    expect(decodeOrdered('obroken')).toBeNull();
    expect(decodeOrdered('oc\u001f3\u001fsoon\u001fr')).toBeNull();
  });
});
