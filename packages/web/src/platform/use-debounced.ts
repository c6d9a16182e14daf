import { useEffect, useState } from 'react';

/** How long typing must pause before a search (or a directory's filter) is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

/** `value`, once it has stayed unchanged for `ms` (what a search box sends while someone types). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
