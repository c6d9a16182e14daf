import { randomBytes } from 'node:crypto';
import { ADOPTION_CODE_LENGTH, randomString } from '@vbc/shared';
import type { GuardPolicy } from '../../platform/guards/attempt-guard.ts';

/** Crockford base-32: the letters an adoption passcode is made of (no I, L, O, U). */
export const PASSCODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

const PASSCODE_RE = new RegExp(`^[${PASSCODE_ALPHABET}]{${ADOPTION_CODE_LENGTH}}$`);

/** A fresh adoption passcode: 8 letters of Crockford base-32 (40 bits) from node's CSPRNG. */
export const newPasscode = (): string => randomString(PASSCODE_ALPHABET, ADOPTION_CODE_LENGTH, (n) => randomBytes(n));

/**
 * A passcode as typed → its canonical form, or null when it cannot be one:
 * case-insensitive, spaces and dashes ignored, Crockford look-alikes folded
 * (O→0, I/L→1), so a code read off a printed card is taken as meant.
 */
export function normalizePasscode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return PASSCODE_RE.test(code) ? code : null;
}

const HOUR = 60 * 60 * 1000;

/** Wrong passcodes for one card: 10 an hour, 100 in all (then an operator must unlock it). */
export const ADOPT_CARD_POLICY: GuardPolicy = { scope: 'adopt:card', limit: 10, windowMs: HOUR, lifetimeLimit: 100 };
/** Wrong passcodes by one account, over all cards: 20 an hour. */
export const ADOPT_ACCOUNT_POLICY: GuardPolicy = { scope: 'adopt:account', limit: 20, windowMs: HOUR };
