import { describe, expect, it } from 'vitest';
import { RESERVED_ROUTE_WORDS } from './constants.ts';
import { QUICK_ID_ALPHABET, QUICK_ID_LENGTH, isQuickId, isUuid, makeQuickId, normalizeQuickId, randomString } from './ids.ts';
import { ZCardCodeEntry } from './contact.ts';

/** The platform CSPRNG through the Web Crypto API (this package is built without Node or DOM types). */
const { crypto } = globalThis as unknown as { crypto: { getRandomValues(array: Uint8Array): Uint8Array } };
const random = (n: number) => crypto.getRandomValues(new Uint8Array(n));

describe('quickId', () => {
  it('is 7 letters of a 32-letter alphabet without the look-alikes i, l, o, u', () => {
    expect(QUICK_ID_ALPHABET).toHaveLength(32);
    expect(new Set(QUICK_ID_ALPHABET).size).toBe(32);
    expect(QUICK_ID_ALPHABET).not.toMatch(/[ilou]/);
    for (let i = 0; i < 200; i++) {
      const id = makeQuickId(random);
      expect(id).toHaveLength(QUICK_ID_LENGTH);
      expect(isQuickId(id)).toBe(true);
    }
  });

  it('draws every letter about equally often (rejection sampling, no modulo bias)', () => {
    const counts = new Map<string, number>();
    for (const letter of randomString(QUICK_ID_ALPHABET, 16_000, random)) counts.set(letter, (counts.get(letter) ?? 0) + 1);
    expect(counts.size).toBe(32);
    // 500 expected per letter, standard deviation about 22: six of them is a bias, not chance.
    for (const n of counts.values()) expect(Math.abs(n - 500)).toBeLessThan(132);
  });

  it('is never a route name nor anything but 7 letters of the alphabet', () => {
    for (const word of RESERVED_ROUTE_WORDS) expect(isQuickId(word)).toBe(false);
    expect(isQuickId('zzzzzzz')).toBe(true);
    expect(isQuickId('zzzzzz')).toBe(false);
    expect(isQuickId('zzzzzzzz')).toBe(false);
    expect(isQuickId("' or 1=")).toBe(false);
  });

  it('reads back typed or spoken ids: case and the look-alikes o→0, i/l→1 are folded', () => {
    expect(normalizeQuickId('AB0CD1E')).toBe('ab0cd1e');
    expect(normalizeQuickId('abOcdIe')).toBe('ab0cd1e');
    expect(normalizeQuickId('abocdle')).toBe('ab0cd1e');
  });

  it('tells full ids from quick ids', () => {
    expect(isUuid('6F9619FF-8B86-4011-B42D-00C04FC964FF')).toBe(true);
    expect(isUuid('6f9619ff8b864011b42d00c04fc964ff')).toBe(false);
    expect(isQuickId('6f9619ff-8b86-4011-b42d-00c04fc964ff')).toBe(false);
  });
});

describe('ZCardCodeEntry (the scanner\'s "Type the card\'s code")', () => {
  const parse = (code: string) => ZCardCodeEntry.safeParse({ code });
  it('folds case and look-alikes of a quickId, and keeps a full id', () => {
    expect(parse(' K7M2P9Q ').data).toEqual({ code: 'k7m2p9q' });
    expect(parse('k7m2pOI').data).toEqual({ code: 'k7m2p01' });
    expect(parse('0B8F8F2E-6D5C-4C1A-9D7E-3F1F0A2B4C5D').data).toEqual({ code: '0b8f8f2e-6d5c-4c1a-9d7e-3f1f0a2b4c5d' });
  });
  it('refuses what cannot be a card code, with words a person can act on', () => {
    expect(parse('  ').error?.issues[0]?.message).toBe('Required.');
    expect(parse('k7m2p9').error?.issues[0]?.message).toBe("A card's code is 7 letters and digits.");
    expect(parse('k7m2p9q!').error?.issues[0]?.message).toBe("A card's code is 7 letters and digits.");
    expect(parse('messages').error?.issues[0]?.message).toBe("A card's code is 7 letters and digits.");
  });
});
