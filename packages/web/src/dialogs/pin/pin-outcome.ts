/**
 * What the PIN window shows after an answer from
 * POST /api/vbc/validatepincode/{id} (docs/contracts.md §4 "PIN lock", §8 "Wrong Pin").
 */
import { errorText, HttpError } from '../../api/http.ts';
import type { TPinFailure } from '../../platform/events.ts';

/** docs/contracts.md §8: the field message of a wrong PIN. */
export const WRONG_PIN_TEXT = 'Wrong Pin';
/** The line above the PIN field. */
export const PIN_HINT_TEXT = 'Enter the PIN you were given to see the phone numbers and e-mails.';
/** Shown for PIN_MODAL_CLOSE_MS after a correct PIN, before the window closes. */
export const PIN_GRANTED_TEXT = 'Access granted';

/** Classifies a rejected PIN check. */
export function pinFailure(error: unknown): TPinFailure {
  if (error instanceof HttpError) {
    if (error.status === 429) return { kind: 'locked', message: error.message };
    if (error.status === 403 || error.status === 400) {
      // "Wrong PIN. 3 tries left." → "3 tries left."; a bare status or a format message adds nothing.
      const detail = error.message.replace(/^Wrong PIN\.\s*/i, '').trim();
      return { kind: 'wrong', detail: error.status === 403 && detail && !/^\d+$/.test(detail) ? detail : null };
    }
  }
  return { kind: 'error', message: errorText(error) };
}
