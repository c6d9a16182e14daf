/**
 * The unread count behind the messages tab's badge (docs/contracts.md §4, §9): GET haveUnseenMessages at
 * session start, again (debounced) whenever a conversation changes or the hub reconnects.
 * No hub code here: the bottom navigation imports it cheaply.
 */
import { useSyncExternalStore } from 'react';
import { haveUnseenMessages } from '../api/conversations.ts';

let count = 0;
const listeners = new Set<() => void>();
let timer: number | undefined;
let generation = 0;

function set(next: number): void {
  if (next === count) return;
  count = next;
  for (const listener of [...listeners]) listener();
}

/** Asks the server now; resolves with the count (0 on failure, keeping the last known). */
export async function loadUnreadCount(): Promise<number> {
  const run = ++generation;
  try {
    const answer = await haveUnseenMessages();
    const next = answer.result ? Math.max(answer.count, 1) : 0;
    if (run === generation) set(next);
    return next;
  } catch {
    return count;
  }
}

/** Refreshes soon (several events in a burst make one call). */
export function refreshUnreadCount(delayMs = 250): void {
  window.clearTimeout(timer);
  timer = window.setTimeout(() => void loadUnreadCount(), delayMs);
}

/** Signed out: nothing unread to show. */
export function resetUnreadCount(): void {
  window.clearTimeout(timer);
  generation++;
  set(0);
}

/** docs/contracts.md §9 badge text: the count, or '5+' past five; null when nothing is unread. */
export const badgeText = (n: number): string | null => (n <= 0 ? null : n > 5 ? '5+' : String(n));

export function useUnreadCount(): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => count,
  );
}
