/** Directory and folder calls (docs/contracts.md §D4), and card search. */
import type { TDirectories, TDirectory, TDirectorySummary } from '@vbc/shared/directory';
import { http } from './http.ts';

const dir = (dirId: string) => `/api/directories/${encodeURIComponent(dirId)}`;

/** Businesses one belongs to or follows, then one's folders ("Saved" first); with a card, whether each holds it. */
export const listDirectories = (contactId?: string) =>
  http.get<TDirectories>(contactId ? `/api/directories?contactId=${encodeURIComponent(contactId)}` : '/api/directories');
/** A page of a directory's cards, `q` filtering them (a public team directory opens signed out too). */
export function getDirectory(dirId: string, page: { q?: string; cursor?: string } = {}) {
  const params = new URLSearchParams();
  if (page.q?.trim()) params.set('q', page.q.trim());
  if (page.cursor) params.set('cursor', page.cursor);
  const query = params.toString();
  return http.get<TDirectory>(query ? `${dir(dirId)}?${query}` : dir(dirId));
}
export const createFolder = (name: string) => http.post<TDirectorySummary>('/api/directories', { name });
export const renameFolder = (dirId: string, name: string) => http.put<TDirectorySummary>(dir(dirId), { name });
export const deleteFolder = (dirId: string) => http.delete(dir(dirId));
export const saveCardToFolder = (dirId: string, contactId: string) =>
  http.put<void>(`${dir(dirId)}/cards/${encodeURIComponent(contactId)}`);
export const removeCardFromFolder = (dirId: string, contactId: string) =>
  http.delete(`${dir(dirId)}/cards/${encodeURIComponent(contactId)}`);
