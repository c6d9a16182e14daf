/**
 * The pet the server inlined into its page for /vbc/p/{petId}
 * (<script type="application/json" id="vbc-initial-pet">), as it presents it to a visitor: the
 * first render of that pet uses it (no API round trip), so the page hydrates what the server rendered.
 */
import { createContext, useContext } from 'react';
import type { TVirtualPet } from '@vbc/shared/contact';
import { readInlinedJson } from '../Contact/initial-card-id.ts';

/** The id of the element holding the inlined pet (same as the server's). */
export const INITIAL_PET_ELEMENT_ID = 'vbc-initial-pet';

/** On the server (src/ssr/), the pet being rendered: there is no page to read it from. */
export const ServerPetContext = createContext<TVirtualPet | null>(null);

let inlined: TVirtualPet | null | undefined;

function read(): TVirtualPet | null {
  if (inlined !== undefined) return inlined;
  inlined = readInlinedJson<TVirtualPet>(INITIAL_PET_ELEMENT_ID, (pet) => typeof pet.virtualPetId === 'string');
  return inlined;
}

/** The pet the page was rendered with, when it is the one at `petId`. */
export function useInitialPet(petId: string): TVirtualPet | undefined {
  const pet = useContext(ServerPetContext) ?? read();
  return pet && pet.virtualPetId.toLowerCase() === petId.trim().toLowerCase() ? pet : undefined;
}
