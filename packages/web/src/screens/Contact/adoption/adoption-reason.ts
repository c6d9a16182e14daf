import type { TAdoptRefusal } from '@vbc/shared/adoption';
import { HttpError } from '../../../api/http.ts';
import { errorText } from '../../../api/error-text.ts';
import { activeLocale, i18n } from '../../../i18n/i18n.ts';
import { formatTime } from '../../../i18n/format.ts';

/** Statuses whose message helps the user: a lock-out with its wait (429), a card locked for good (423), adopted by someone else (409). */
const TELLING = new Set([403, 409, 423, 429]);

/** A clock time in the active language's format ("17:05", "5:05 PM"). */
const clock = (iso: string) => formatTime(activeLocale(), iso, { hour: 'numeric', minute: '2-digit' });

/**
 * Why an adoption failed, in the words shown under "Error! Failed to adopt!" (issue 30): from the
 * server's reason and numbers (TAdoptRefusal: a wrong code with the tries left, until when no code
 * is taken), else its message for a refusal that explains itself, the network's text when there
 * was no answer, and null when there is nothing to add.
 */
export function adoptFailureReason(error: unknown): string | null {
  if (!(error instanceof HttpError)) return null;
  if (error.status === 0) return errorText(error);
  // Shown by the adoption form, which loaded this namespace.
  const t = i18n.getFixedT(null, 'adoption');
  const { reason, triesLeft, retryAt } = error.details as Partial<TAdoptRefusal>;
  if (reason === 'wrong_code' && typeof triesLeft === 'number') {
    if (triesLeft > 0) return t('reasons.triesLeft', { count: triesLeft });
    return retryAt ? t('reasons.noTriesLeftUntil', { time: clock(retryAt) }) : t('reasons.noTriesLeft');
  }
  if (reason === 'too_many_tries' && retryAt) return t('reasons.tooManyUntil', { time: clock(retryAt) });
  if (!TELLING.has(error.status)) return null;
  // The server's sentences for these two (the same words in English); any other by errorText.
  if (reason === 'already_adopted') return t('reasons.alreadyAdopted');
  if (reason === 'locked') return t('reasons.locked');
  return errorText(error);
}
