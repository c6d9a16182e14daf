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

/** A code as printed on the card, in two groups of four ("ABCD-EFGH"), to show what was typed. */
export const printedAdoptionCode = (code: string): string => (code.length > 4 ? `${code.slice(0, 4)}-${code.slice(4)}` : code);
