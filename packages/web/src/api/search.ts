/** Others: the account's recently viewed cards merged with this device's, and card search (DESIGN §4). */
import type { TRecents } from '@vbc/shared/account';
import type { TSearchResult } from '@vbc/shared/directory';
import { syncRecents } from '../session/recents-sync.ts';
import { http } from './http.ts';

/** This device's list merged into the account's (mergeRecentlyViewedVbc): its answer is the merged list with its cards, newest first. */
export const getMergedRecents = (): Promise<TRecents> => syncRecents();

/** Cards by name, job title or organization among one's recents, directories and public directories. */
export const searchCards = (q: string, signal?: AbortSignal) => http.get<TSearchResult>(`/api/vbc/search?q=${encodeURIComponent(q)}`, { signal });
