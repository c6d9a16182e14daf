import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** Region assumed for numbers typed without a country code (09… is a Philippine mobile). */
export const DEFAULT_PHONE_REGION = 'PH';

/** The E.164 form of a typed number (`09171234567` → `+639171234567`), or null when no phone could have it. */
export function toE164(phoneNumber: string): string | null {
  const parsed = parsePhoneNumberFromString(phoneNumber, DEFAULT_PHONE_REGION);
  return parsed && parsed.isPossible() ? parsed.number : null;
}
