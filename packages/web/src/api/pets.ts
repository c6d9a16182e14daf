/** Virtual pet calls (issue 5 API). */
import type { TVirtualPet, TVirtualPetInput } from '@vbc/shared/contact';
import { http } from './http.ts';

const base = (id: string) => `/api/vp/virtualpet/${encodeURIComponent(id)}`;

/** Public; the owner's phone only when the owner chose to show it (or the owner reads). */
export const getPet = (id: string) => http.get<TVirtualPet>(base(id));
export const createPet = (input: Partial<TVirtualPetInput> & { name: string }) => http.post<TVirtualPet>('/api/vp/virtualpet', input);
/** Partial save; `updatedAt` from the last read makes a stale save fail with 409. */
export const updatePet = (id: string, input: Partial<TVirtualPetInput>, updatedAt?: string) =>
  http.put<TVirtualPet>(base(id), updatedAt ? { ...input, updatedAt } : input);
export const deletePet = (id: string) => http.delete(base(id));
