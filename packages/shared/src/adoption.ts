/**
 * Why an adoption was refused (docs/contracts.md §7 adopt, §D3): the `reason` field of the
 * 4xx body beside `message` and `code`, with the numbers a client explains it with. Plain
 * types: the adoption form is on the public card route and takes no schema library.
 */
export const ADOPT_REFUSAL_REASONS = ['wrong_code', 'too_many_tries', 'locked', 'already_adopted'] as const;

export type TAdoptRefusalReason = (typeof ADOPT_REFUSAL_REASONS)[number];

/** The details of a refused adoption: 403 wrong_code, 429 too_many_tries, 423 locked, 409 already_adopted. */
export interface TAdoptRefusal {
  reason: TAdoptRefusalReason;
  /** wrong_code: wrong codes this account may still try on this card before it must wait. */
  triesLeft?: number;
  /** wrong_code with no tries left, and too_many_tries: when trying again may succeed (ISO 8601). */
  retryAt?: string;
}
