import { describe, expect, it } from 'vitest';
import { ContactCache } from './contact-cache.ts';
import type { FoundContact } from './find-contact.ts';

const card = (id: string, quickId: string, name = 'Ana'): FoundContact =>
  ({ row: { id, quickId, firstName: name }, picture: null }) as unknown as FoundContact;

/** A lookup the test finishes by hand, counting how often it was started. */
function manualLoad() {
  const calls: ((found: FoundContact | null) => void)[] = [];
  const load = () => new Promise<FoundContact | null>((resolve) => calls.push(resolve));
  return { load, calls };
}

describe('ContactCache.getOrLoad', () => {
  it('lets concurrent misses of one card share one lookup, then serves it from memory', async () => {
    const cache = new ContactCache();
    const { load, calls } = manualLoad();
    const reads = [cache.getOrLoad('abc1234', load), cache.getOrLoad('abc1234', load), cache.getOrLoad('abc1234', load)];
    expect(calls).toHaveLength(1);
    const found = card('11111111-1111-4111-8111-111111111111', 'abc1234');
    calls[0]!(found);
    expect(await Promise.all(reads)).toEqual([found, found, found]);
    expect(await cache.getOrLoad('abc1234', load)).toBe(found);
    expect(await cache.getOrLoad('11111111-1111-4111-8111-111111111111', load)).toBe(found);
    expect(calls).toHaveLength(1);
  });

  it('does not cache a lookup that a change overtook: the next read looks again', async () => {
    const cache = new ContactCache();
    const { load, calls } = manualLoad();
    const early = cache.getOrLoad('abc1234', load);
    cache.drop('11111111-1111-4111-8111-111111111111');
    const late = cache.getOrLoad('abc1234', load);
    expect(calls).toHaveLength(2);
    const before = card('11111111-1111-4111-8111-111111111111', 'abc1234', 'Before');
    const after = card('11111111-1111-4111-8111-111111111111', 'abc1234', 'After');
    calls[0]!(before);
    calls[1]!(after);
    expect(await early).toBe(before);
    expect(await late).toBe(after);
    expect(await cache.getOrLoad('abc1234', load)).toBe(after);
    expect(calls).toHaveLength(2);
  });

  it('caches neither a card not found nor a failed lookup', async () => {
    const cache = new ContactCache();
    let lookups = 0;
    expect(await cache.getOrLoad('zzz9999', async () => (lookups++, null))).toBeNull();
    await expect(
      cache.getOrLoad('zzz9999', async () => {
        lookups++;
        throw new Error('database down');
      }),
    ).rejects.toThrow('database down');
    const found = card('22222222-2222-4222-8222-222222222222', 'zzz9999');
    expect(await cache.getOrLoad('zzz9999', async () => (lookups++, found))).toBe(found);
    expect(lookups).toBe(3);
  });
});
