/**
 * Cards' public surface: what other domains may import of the virtual contact. Its services are
 * the `app.cards` decorator (plugin.ts); everything else in cards/ is private to it.
 */
export { ADOPT_CARD_POLICY, newPasscode, normalizePasscode, PASSCODE_ALPHABET } from './adoption/passcode.ts';
export { insertContact, type InsertContactExtras } from './insert-contact.ts';
export { findContact, getContact, type FoundContact } from './find-contact.ts';
export { PIN_CARD_POLICY, PIN_CLIENT_POLICY, pinClientKey } from './pin/pin-rules.ts';
export {
  cardSummaryColumns,
  cardSummaryJson,
  contactColumns,
  isUnadopted,
  presentCardSummary,
  presentContact,
  storedCardSummaryJson,
  type CardSummaryRow,
  type ContactRow,
  type PictureInfo,
} from './present-card.ts';
