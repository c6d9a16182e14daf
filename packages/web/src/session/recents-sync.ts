import type { TRecents } from '@vbc/shared/account';
import { http } from '../api/http.ts';
import { addRecent, readRecents, RECENTS_LIMIT, type TRecent } from '../platform/recents.ts';
import { writeStored } from '../platform/storage.ts';

/**
 * SPEC §4 session start, "sync recents": sends this device's recently viewed
 * cards to mergeRecentlyViewedVbc and keeps the merged list (newest first) on
 * the device, so a signed-in person sees the same history everywhere.
 * Returns the server's answer: the merged list with its cards.
 */
export async function syncRecents(): Promise<TRecents> {
  const local = readRecents();
  const sent = new Set(local.map((r) => `${r.id}@${r.time}`));
  const answer = await http.post<TRecents>('/api/personalAccount/mergeRecentlyViewedVbc', { recents: local });
  // A card viewed while the call was under way is kept on top (the server learns of it next time).
  let merged: TRecent[] = (answer?.recents ?? []).map((card) => ({ id: card.virtualContactId, time: card.time }));
  const viewedMeanwhile = readRecents().filter((r) => !sent.has(`${r.id}@${r.time}`));
  for (const view of viewedMeanwhile.reverse()) merged = addRecent(merged, view.id, view.time);
  merged = merged.slice(0, RECENTS_LIMIT);
  writeStored('recents', JSON.stringify(merged));
  return answer ?? { recents: [] };
}
