/**
 * What the PIN window shows after an answer from
 * POST /api/vbc/validatepincode/{id} (docs/contracts.md §4 "PIN lock", §8 "Wrong Pin").
 */
import { HttpError } from '../../api/http.ts';
import { errorText } from '../../api/error-text.ts';
import type { TPinFailure } from '../../platform/events.ts';

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
