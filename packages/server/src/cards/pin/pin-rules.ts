import { z } from 'zod';
import { ZPinCode } from '@vbc/shared';
import type { GuardPolicy } from '../../platform/guards/attempt-guard.ts';

/**
 * The 20 most common 4-digit PINs (DataGenetics' study of 3.4 million PINs),
 * then the commonest longer ones. Together with runs and repeated digits
 * (see `isCommonPin`), a PIN from here would be guessed first.
 */
export const COMMON_PINS: readonly string[] = [
  '1234',
  '1111',
  '0000',
  '1212',
  '7777',
  '1004',
  '2000',
  '4444',
  '2222',
  '6969',
  '9999',
  '3333',
  '5555',
  '6666',
  '1122',
  '1313',
  '8888',
  '4321',
  '2001',
  '1010',
  '123456',
  '654321',
  '121212',
  '112233',
  '123123',
  '159753',
  '12345678',
  '87654321',
  '11223344',
  '12341234',
];

/** True for a listed common PIN, one digit repeated, or a straight run up or down (1234…, 9876…). */
export function isCommonPin(pin: string): boolean {
  if (COMMON_PINS.includes(pin)) return true;
  if (/^(\d)\1+$/.test(pin)) return true;
  const digits = [...pin].map(Number);
  const steps = digits.slice(1).map((d, i) => (d - digits[i]! + 10) % 10);
  return steps.every((s) => s === 1) || steps.every((s) => s === 9);
}

/** The API's wording of the shared PIN rule (`ZPinCode` carries the web's): "pinCode: must be 4 to 8 digits". */
export const PIN_CODE_API_MESSAGE = 'must be 4 to 8 digits';

/** The shared PIN rule (`ZPinCode`, trimmed) in the API's wording. */
const ZApiPinCode = z.string().transform((value, ctx) => {
  const pin = ZPinCode.safeParse(value);
  if (pin.success) return pin.data;
  ctx.addIssue({ code: 'custom', message: PIN_CODE_API_MESSAGE });
  return z.NEVER;
});

/** PUT /api/vbc/virtualcontact/{id}/pin: a new PIN, or null to remove it. */
export const ZSetPinBody = z.object({
  pinCode: ZApiPinCode.nullable(),
  /** 1 (default): phones and emails need the PIN. */
  pinProtectionLevel: z.number().int().min(1).max(9).optional(),
});

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** One client (address) guessing at one card: 5 wrong, then 15 minutes, 30, 60 … up to a day. */
export const PIN_CLIENT_POLICY: GuardPolicy = {
  scope: 'pin:client',
  limit: 5,
  windowMs: DAY,
  lockMs: 15 * MINUTE,
  maxLockMs: DAY,
  strikeMemoryMs: DAY,
};
/** Every client together: a card takes at most 100 wrong PINs a day. */
export const PIN_CARD_POLICY: GuardPolicy = { scope: 'pin:card', limit: 100, windowMs: DAY };

/** Guard key of one client at one card. */
export const pinClientKey = (contactId: string, client: string) => `${contactId}|${client}`;
