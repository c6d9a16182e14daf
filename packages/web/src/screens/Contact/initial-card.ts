/**
 * The card the server inlined into index.html for /vbc/{quickId}
 * (<script type="application/json" id="vbc-initial-card">). The first render
 * of that card uses it: no API round trip, and no second view count.
 */
import { createContext } from 'react';
import type { TVirtualContact } from '@vbc/shared/contact';
import { normalizeQuickId } from '@vbc/shared/ids';
import { INITIAL_CARD_ELEMENT_ID, readInlinedJson } from './initial-card-id.ts';

export { INITIAL_CARD_ELEMENT_ID };

let initial: TVirtualContact | null | undefined;

/** On the server (src/ssr/), the card being rendered: there is no page to read it from. */
export const ServerCardContext = createContext<TVirtualContact | null>(null);

const read = (): TVirtualContact | null =>
  readInlinedJson<TVirtualContact>(INITIAL_CARD_ELEMENT_ID, (card) => typeof card.virtualContactId === 'string');

/** True when `routeId` (a quickId or full id, any case) names `card`. */
export const isSameCard = (card: Pick<TVirtualContact, 'virtualContactId' | 'quickId'>, routeId: string): boolean =>
  card.virtualContactId.toLowerCase() === routeId.toLowerCase() ||
  (!!card.quickId && normalizeQuickId(card.quickId) === normalizeQuickId(routeId));

/** The inlined card when it is the one at `routeId` and has not been given up. */
export function initialCardFor(routeId: string): TVirtualContact | null {
  if (initial === undefined) initial = read();
  return initial && isSameCard(initial, routeId) ? initial : null;
}

/** Gives the inlined card up (another card was opened, or the card is reloaded). */
export function dropInitialCard(): void {
  initial = null;
}

/** For tests: forget what was read. */
export function resetInitialCard(): void {
  initial = undefined;
}
