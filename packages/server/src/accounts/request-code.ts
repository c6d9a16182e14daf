import { AppError, badRequest, notConfigured, tooManyRequests } from '../platform/errors/app-error.ts';
import { DeliveryError } from '../platform/notify/types.ts';
import { toE164 } from '../platform/notify/phone.ts';
import type { TAccountDeps } from './deps.ts';
import { discardChallenge, issueChallenge, type TChallengeScope } from './otp.ts';
import { OTP_TTL_MS, SEND_LIMITS } from './otp-policy.ts';
import { sha256 } from './sessions.ts';
import type { TOtpChannel } from '../platform/db/schema/index.ts';
import type { TLocale } from '@vbc/shared/i18n/locales';

/** Runs the other domains' policies on a sign-in by code (a business that requires its SSO refuses with 403). */
export async function checkCodeSignIn(deps: TAccountDeps, channel: TOtpChannel, contact: string): Promise<void> {
  for (const policy of deps.codeSignInPolicies) await policy(channel, contact);
}

/**
 * Sends a fresh code for `scope` to its contact, within the sending limits, worded in `locale`
 * (the asking request's: routes pass `requestLocale(request)`).
 * Does the same work whether or not the contact has an account, so the answer
 * and its timing tell nothing. A failed delivery leaves no usable code and is a 502.
 */
export async function requestCode(
  deps: TAccountDeps,
  scope: TChallengeScope,
  ip: string,
  locale: TLocale,
): Promise<{ expiresInSeconds: number }> {
  if (scope.purpose === 'verify') await checkCodeSignIn(deps, scope.channel, scope.contact);
  if (!deps.notifier.canSend(scope.channel)) {
    throw notConfigured(
      scope.channel === 'email'
        ? 'Codes by e-mail are not available on this server. Use your phone number instead.'
        : 'Codes by text message are not available on this server. Use your e-mail address instead.',
    );
  }
  const destination = scope.channel === 'email' ? scope.contact : toE164(scope.contact);
  if (!destination) throw badRequest('phoneNumber: Not a phone number a text message can reach.');

  const now = deps.clock.now();
  const contactKey = sha256(`${scope.channel}:${scope.contact}`);
  const decision = await deps.rateLimiter.consume(
    [
      { key: `otp:contact:10m:${contactKey}`, ...SEND_LIMITS.perContactShort },
      { key: `otp:contact:1d:${contactKey}`, ...SEND_LIMITS.perContactDay },
      { key: `otp:ip:1h:${ip}`, ...SEND_LIMITS.perIpHour },
    ],
    now.getTime(),
  );
  if (!decision.allowed) {
    const seconds = Math.ceil(decision.retryAfterMs / 1000);
    const wait = seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`;
    throw tooManyRequests(`Too many codes were requested. Try again in ${wait}.`, seconds);
  }

  const { id, code } = await issueChallenge(deps.db, deps.otpKey, scope, now);
  const expiresInMinutes = OTP_TTL_MS / 60_000;
  try {
    await deps.notifier.sendCode(scope.channel, { to: destination, code, purpose: scope.purpose, expiresInMinutes, locale });
  } catch (error) {
    await discardChallenge(deps.db, id, deps.clock.now());
    deps.log.warn(
      { channel: scope.channel, reason: error instanceof DeliveryError ? error.message : 'unexpected error' },
      'one-time code delivery failed',
    );
    throw new AppError(
      'bad_gateway',
      `We could not send the code by ${scope.channel === 'email' ? 'e-mail' : 'text message'} right now. Please try again in a moment.`,
    );
  }
  return { expiresInSeconds: OTP_TTL_MS / 1000 };
}
