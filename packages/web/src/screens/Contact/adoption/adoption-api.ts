/** docs/contracts.md §7 adoption calls (signed in: the bearer token goes with them). */
import type { TVirtualContact } from '@vbc/shared/contact';
import { http } from '../../../api/http.ts';

const enc = encodeURIComponent;

/** Resolves when the card can be adopted; any rejection means it cannot (docs/contracts.md §7). */
export const canAdopt = (contactId: string, options?: { signal?: AbortSignal }) =>
  http.get<{ canAdopt: true; virtualContactId: string; quickId: string }>(`/api/vbc/canAdopt/${enc(contactId)}`, options);

/** Adopts the card with its passcode; resolves with the adopted card. */
export const adopt = (contactId: string, code: string) => http.get<TVirtualContact>(`/api/vbc/adopt/${enc(contactId)}/${enc(code)}`);
