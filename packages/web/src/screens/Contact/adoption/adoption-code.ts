import { ADOPTION_CODE_LENGTH } from '@vbc/shared/constants';

/**
 * An adoption code as typed or pasted → what the field holds: upper case,
 * letters and digits only (spaces and dashes of a printed "ABCD-EFGH" drop
 * out), at most ADOPTION_CODE_LENGTH characters.
 */
export const cleanAdoptionCode = (typed: string): string =>
  typed
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .slice(0, ADOPTION_CODE_LENGTH);

/** True when the code has all its characters, which submits it (docs/contracts.md §2). */
export const isCompleteCode = (code: string): boolean => code.length === ADOPTION_CODE_LENGTH;
