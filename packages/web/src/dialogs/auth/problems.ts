/**
 * Form texts: docs/contracts.md §5 validation through the shared schemas, and what a failed
 * code check tells the person (docs/contracts.md §8 keeps verify failures out of toasts, but
 * the form must say the code was wrong, or that a new one is needed).
 */
import type { z } from 'zod';
import { ZAccountEmail, ZAccountName, ZAccountPhoneNumber } from '@vbc/shared/account';
import { HttpError } from '../../api/http.ts';
import { withoutField } from '../../api/error-text.ts';
import type { TChannel } from '../../api/accounts.ts';

/** The first docs/contracts.md §5 message of `schema` for `value`, or null when it is valid. */
export function firstProblem(schema: z.ZodType, value: string): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid.');
}

export const nameError = (name: string) => firstProblem(ZAccountName, name);

export const contactError = (channel: TChannel, value: string) =>
  firstProblem(channel === 'email' ? ZAccountEmail : ZAccountPhoneNumber, value);

export interface TCodeProblem {
  /** Shown under the code field. */
  message: string;
  /** The code can no longer work (410): the person must request a new one. */
  needNewCode: boolean;
}

/** What to show under the code field after a failed VerifyX / RegisterAppAccount / deletion check. */
export function codeProblem(error: unknown): TCodeProblem {
  if (error instanceof HttpError) {
    if (error.status === 410) {
      return { message: withoutField(error.message) || 'This code no longer works. Request a new code.', needNewCode: true };
    }
    if (error.status === 400)
      return { message: withoutField(error.message) || 'The code is wrong. Check it and try again.', needNewCode: false };
    if (error.status === 0) return { message: error.message, needNewCode: false };
    if (error.status === 429) return { message: withoutField(error.message), needNewCode: false };
  }
  return { message: 'The code could not be checked. Try again in a moment.', needNewCode: false };
}
