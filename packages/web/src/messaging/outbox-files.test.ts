import { describe, expect, it } from 'vitest';
import { dropAllFiles, dropFile, dropFilesExcept, keepFile, readFile } from './outbox-files.ts';

describe('outbox files without IndexedDB (private mode, an old browser)', () => {
  it('keeps nothing and never throws: a photo or document lives as long as the page', async () => {
    // jsdom has no IndexedDB: this is the browser without it, not a stand-in.
    expect('indexedDB' in globalThis).toBe(false);
    const file = new File(['Bring the plans.'], 'notes.txt', { type: 'text/plain' });
    await expect(keepFile('c0ffee00-0000-4000-8000-000000000001', file)).resolves.toBe(false);
    await expect(readFile('c0ffee00-0000-4000-8000-000000000001', 'notes.txt')).resolves.toBeNull();
    await expect(dropFile('c0ffee00-0000-4000-8000-000000000001')).resolves.toBeUndefined();
    await expect(dropFilesExcept(() => new Set())).resolves.toBeUndefined();
    await expect(dropAllFiles()).resolves.toBeUndefined();
  });
});
