/** The numbers of the one-time-code rules (issue 3, OWASP ASVS 2.7 / NIST 800-63B); README.md states them. */

const MINUTE = 60_000;

/** A code is valid this long after it was sent. */
export const OTP_TTL_MS = 5 * MINUTE;
/** Wrong tries that invalidate a code. */
export const OTP_MAX_ATTEMPTS = 5;
/** A verified code may be consumed once (registration, account deletion) within this window after verification. */
export const OTP_VERIFIED_WINDOW_MS = 10 * MINUTE;

/** Sending limits: per contact (e-mail or phone) and per client IP. */
export const SEND_LIMITS = {
  perContactShort: { limit: 3, windowMs: 10 * MINUTE },
  perContactDay: { limit: 10, windowMs: 24 * 60 * MINUTE },
  perIpHour: { limit: 20, windowMs: 60 * MINUTE },
} as const;
