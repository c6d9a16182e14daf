/** Card search (docs/contracts.md §D4). */
import type { TSearchResult } from '@vbc/shared/directory';
import { http } from './http.ts';

/** Cards by name, job title or organization among one's recents, directories and public directories. */
export const searchCards = (q: string, signal?: AbortSignal) =>
  http.get<TSearchResult>(`/api/vbc/search?q=${encodeURIComponent(q)}`, { signal });
