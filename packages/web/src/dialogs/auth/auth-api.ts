/**
 * The SPEC §7 sign-in calls. None sends the bearer token: the person is not
 * signed in yet (and RegisterAppAccount must go without one).
 */
import type { TLoginResult, TOtpResponse } from '@vbc/shared/account';
import { http } from '../../api/http.ts';

export type TChannel = 'email' | 'phone';

const anonymous = { auth: false } as const;

/** RequestVerifyOtp: sends a code to the e-mail address or phone number. */
export const requestVerifyOtp = (channel: TChannel, contact: string) =>
  http.post<TOtpResponse>(
    '/api/personalaccount/RequestVerifyOtp',
    channel === 'email' ? { email: contact } : { phoneNumber: contact },
    anonymous,
  );

/** VerifyEmail / VerifyPhoneNumber: `login` is present when the contact already has an account. */
export const verifyContact = (channel: TChannel, contact: string, otp: string) =>
  channel === 'email'
    ? http.post<TOtpResponse>('/api/personalaccount/VerifyEmail', { email: contact, otp }, anonymous)
    : http.post<TOtpResponse>('/api/personalaccount/VerifyPhoneNumber', { phoneNumber: contact, otp }, anonymous);

/** RegisterAppAccount with the verified contact and its code again. */
export const registerAppAccount = (channel: TChannel, contact: string, otp: string, name: string) =>
  http.post<TLoginResult>(
    '/api/personalaccount/RegisterAppAccount',
    channel === 'email'
      ? { name, email: contact, emailVerificationCode: otp }
      : { name, phoneNumber: contact, phoneNumberVerificationCode: otp },
    anonymous,
  );
