/**
 * The card the server inlined into index.html for /vbc/{quickId}
 * (<script type="application/json" id="vbc-initial-card">). The first render
 * of that card uses it: no API round trip, and no second view count.
 */
import type { TVirtualContact } from '@vbc/shared/contact';
import { normalizeQuickId } from '@vbc/shared/ids';

export const INITIAL_CARD_ELEMENT_ID = 'vbc-initial-card';

let initial: TVirtualContact | null | undefined;

function read(): TVirtualContact | null {
  const element = typeof document === 'undefined' ? null : document.getElementById(INITIAL_CARD_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    const card = JSON.parse(element.textContent) as TVirtualContact;
    return card && typeof card.virtualContactId === 'string' ? card : null;
  } catch {
    return null;
  }
}

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
