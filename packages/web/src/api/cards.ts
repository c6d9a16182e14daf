/** Owner calls about cards (issue 5 API): create, read for edit, save, delete, stats, PIN, recents. */
import type { TVirtualContactInput } from '@vbc/shared/contact';
import type { TCardStats, TEmailSignature, TOwnerVirtualContact, TPinStatus } from '@vbc/shared/owner';
import type { TRecents } from '@vbc/shared/account';
import { http } from './http.ts';
import { saveBlob } from './leads.ts';

const enc = encodeURIComponent;
const base = (id: string) => `/api/vbc/virtualcontact/${enc(id)}`;

export type { TCardStats, TEmailSignature, TOwnerVirtualContact, TPinStatus } from '@vbc/shared/owner';

export const createCard = (input: Partial<TVirtualContactInput>) => http.post<TOwnerVirtualContact>('/api/vbc/virtualcontact', input);

/** 404 when the card is not the caller's. */
export const getCardForEdit = (id: string) => http.get<TOwnerVirtualContact>(`${base(id)}/edit`);

/** Saves fields; `updatedAt` from the last read/save makes a stale save fail with 409. */
export const updateCard = (id: string, input: Partial<TVirtualContactInput>, updatedAt: string) =>
  http.put<TOwnerVirtualContact>(base(id), { ...input, updatedAt });

export const deleteCard = (id: string) => http.delete(base(id));

export const getCardStats = (id: string, days = 30) => http.get<TCardStats>(`${base(id)}/stats?days=${days}`);
/** The card as a video-call background PNG (issue 29), fetched with the session and saved. */
export async function downloadVideoBackground(id: string, size: '1920x1080' | '1280x720', name: string): Promise<void> {
  saveBlob(await http.download(`${base(id)}/background?size=${size}`), `${name || 'card'} background ${size}.png`);
}
/** The card as an e-mail signature (issue 29). */
export const getEmailSignature = (id: string) => http.get<TEmailSignature>(`${base(id)}/signature`);

export const getPinStatus = (id: string) => http.get<TPinStatus>(`${base(id)}/pin`);

/** Sets (4–8 digits) or removes (null) the card's PIN. */
export const setPin = (id: string, pinCode: string | null, pinProtectionLevel = 1) =>
  http.put<TPinStatus>(`${base(id)}/pin`, pinCode === null ? { pinCode: null } : { pinCode, pinProtectionLevel });

export const getRecents = () => http.get<TRecents>('/api/vbc/recents');
