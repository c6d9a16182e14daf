import { readStored, writeStored } from './storage.ts';

/** docs/contracts.md §3 "Recently viewed": a card id and when it was viewed (ms since epoch). */
export interface TRecent {
  id: string;
  time: number;
}

/** How many recently viewed cards are kept on the device. */
export const RECENTS_LIMIT = 50;

const isRecent = (value: unknown): value is TRecent =>
  typeof value === 'object' && value !== null && typeof (value as TRecent).id === 'string' && typeof (value as TRecent).time === 'number';

/** The stored history, newest first; anything malformed is dropped. */
export function readRecents(): TRecent[] {
  const raw = readStored('recents');
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isRecent) : [];
  } catch {
    return [];
  }
}

/** Puts `id` first with `time`, removes its older entry, keeps at most RECENTS_LIMIT. */
export function addRecent(list: readonly TRecent[], id: string, time: number): TRecent[] {
  return [{ id, time }, ...list.filter((r) => r.id !== id)].slice(0, RECENTS_LIMIT);
}

/** Records a view of card `id` now (docs/contracts.md §4: "A view is recorded in a local history"). */
export function recordRecent(id: string, time = Date.now()): TRecent[] {
  const next = addRecent(readRecents(), id, time);
  writeStored('recents', JSON.stringify(next));
  return next;
}
