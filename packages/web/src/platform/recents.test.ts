import { beforeEach, describe, expect, it } from 'vitest';
import { addRecent, readRecents, recordRecent, RECENTS_LIMIT } from './recents.ts';

describe('recently viewed cards (vbc.recents)', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the newest view first and each card once', () => {
    recordRecent('a', 1);
    recordRecent('b', 2);
    recordRecent('a', 3);
    expect(readRecents()).toEqual([
      { id: 'a', time: 3 },
      { id: 'b', time: 2 },
    ]);
    expect(JSON.parse(localStorage.getItem('vbc.recents')!)).toEqual([
      { id: 'a', time: 3 },
      { id: 'b', time: 2 },
    ]);
  });

  it(`keeps at most ${RECENTS_LIMIT} cards, dropping the oldest`, () => {
    let list = addRecent([], 'card-0', 0);
    for (let i = 1; i <= RECENTS_LIMIT + 5; i++) list = addRecent(list, `card-${i}`, i);
    expect(list).toHaveLength(RECENTS_LIMIT);
    expect(list[0]).toEqual({ id: `card-${RECENTS_LIMIT + 5}`, time: RECENTS_LIMIT + 5 });
    expect(list.some((r) => r.id === 'card-0')).toBe(false);
  });

  it('survives a corrupted store', () => {
    localStorage.setItem('vbc.recents', '{not json');
    expect(readRecents()).toEqual([]);
    localStorage.setItem('vbc.recents', JSON.stringify([{ id: 'x', time: 1 }, { nope: true }, 'junk']));
    expect(readRecents()).toEqual([{ id: 'x', time: 1 }]);
  });
});
