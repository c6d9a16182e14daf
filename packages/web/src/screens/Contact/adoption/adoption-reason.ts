import type { TAdoptRefusal } from '@vbc/shared/adoption';
import { HttpError } from '../../../api/http.ts';
import { errorText } from '../../../api/error-text.ts';

/** Statuses whose message helps the user: a lock-out with its wait (429), a card locked for good (423), adopted by someone else (409). */
const TELLING = new Set([403, 409, 423, 429]);

/** A clock time in the visitor's own format ("17:05", "5:05 PM"). */
const clock = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });

/**
 * Why an adoption failed, in the words shown under "Error! Failed to adopt!" (issue 30): from the
 * server's reason and numbers (TAdoptRefusal: a wrong code with the tries left, until when no code
 * is taken), else its message for a refusal that explains itself, the network's text when there
 * was no answer, and null when there is nothing to add.
 */
export function adoptFailureReason(error: unknown): string | null {
  if (!(error instanceof HttpError)) return null;
  if (error.status === 0) return errorText(error);
  const { reason, triesLeft, retryAt } = error.details as Partial<TAdoptRefusal>;
  if (reason === 'wrong_code' && typeof triesLeft === 'number') {
    if (triesLeft > 0) return `Wrong code: ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`;
    return retryAt ? `Wrong code: no tries left. Locked until ${clock(retryAt)}.` : 'Wrong code: no tries left.';
  }
  if (reason === 'too_many_tries' && retryAt) return `Too many wrong codes. Locked until ${clock(retryAt)}.`;
  return TELLING.has(error.status) ? error.message : null;
}
