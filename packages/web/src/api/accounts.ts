/**
 * The account's calls (docs/contracts.md §7), in one place: sign-in by one-time code, the session, my
 * account, the recently viewed merge and account deletion. The sign-in calls never send the
 * bearer token: the person is not signed in yet (and RegisterAppAccount must go without one).
 */
import type {
  TContactChangeCode,
  TLoginResult as TSharedLoginResult,
  TOtpResponse,
  TPersonalAccount as TSharedAccount,
  TRecents,
  TUnregisterOtpResponse,
} from '@vbc/shared/account';
import type { TVirtualContact } from '@vbc/shared/contact';
import { addRecent, readRecents, RECENTS_LIMIT, type TRecent } from '../platform/recents.ts';
import { writeStored } from '../platform/storage.ts';
import { http } from './http.ts';
import type { TLocale } from '@vbc/shared/i18n/locales';

/** docs/contracts.md §3 personal account, as GET /api/personalAccount/myAccount returns it. */
export interface TPersonalAccount {
  accountName: string;
  accountPhoneNumber: string | null;
  accountEmail: string | null;
  virtualContacts: Pick<TVirtualContact, 'virtualContactId' | 'quickId' | 'name' | 'firstName' | 'lastName'>[];
  virtualPets: { virtualPetId: string; name: string }[];
  /** PUT /api/personalAccount/language; null follows the device. Absent in an account kept by an older app. */
  language?: TLocale | null;
}

/** docs/contracts.md §3 login result. */
export interface TLoginResult {
  accessToken: string;
  sessionId: string;
  account: TPersonalAccount;
}

/** Where a one-time code goes. */
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
  http.post<TSharedLoginResult>(
    '/api/personalaccount/RegisterAppAccount',
    channel === 'email'
      ? { name, email: contact, emailVerificationCode: otp }
      : { name, phoneNumber: contact, phoneNumberVerificationCode: otp },
    anonymous,
  );

/** validatesession: the stored token's check at start (its answer's shape is not fixed by SPEC). */
export const validateSession = () => http.post<unknown>('/api/personalAccount/validatesession');

/** GET myAccount: the signed-in account. */
export const getMyAccount = () => http.get<TPersonalAccount>('/api/personalAccount/myAccount');

/** PUT myAccount: the account with its new name. */
export const updateAccountName = (name: string) => http.put<TSharedAccount>('/api/personalAccount/myAccount', { name });

/** logout: ends this session on the server. */
/** Issue 31: the account's language (`null`: follow the device); answers the updated account. */
export const setAccountLanguage = (language: TLocale | null) => http.put<TPersonalAccount>('/api/personalAccount/language', { language });

export const logout = () => http.post('/api/personalAccount/logout');

/** RequestUnRegisterOtp: a deletion code to the account's e-mail (or phone). */
export const requestUnregisterOtp = () => http.post<TUnregisterOtpResponse>('/api/personalaccount/RequestUnRegisterOtp');

/** Sends a code to a new e-mail address or phone number of the signed-in account (issue 30). */
export const requestContactChange = (channel: TChannel, contact: string) =>
  http.post<TContactChangeCode>('/api/personalAccount/contact/code', channel === 'email' ? { email: contact } : { phoneNumber: contact });

/** Puts the new contact in place with the code sent to it; answers with the account. */
export const confirmContactChange = (channel: TChannel, contact: string, otp: string) =>
  http.post<TSharedAccount>('/api/personalAccount/contact', channel === 'email' ? { email: contact, otp } : { phoneNumber: contact, otp });

/** VerifyUnregisterOtp: true when the code is right, false on any failure (docs/contracts.md §7). */
export const verifyUnregisterOtp = (otp: string) => http.post<boolean>('/api/personalaccount/VerifyUnregisterOtp', { otp });

/** unregisterAppAccount: deletes the account (after a verified code). */
export const unregisterAppAccount = () => http.post<{ success: boolean }>('/api/personalaccount/unregisterAppAccount');

/**
 * docs/contracts.md §4 session start, "sync recents": sends this device's recently viewed
 * cards to mergeRecentlyViewedVbc and keeps the merged list (newest first) on
 * the device, so a signed-in person sees the same history everywhere.
 * Returns the server's answer: the merged list with its cards.
 */
export async function syncRecents(): Promise<TRecents> {
  const local = readRecents();
  const sent = new Set(local.map((r) => `${r.id}@${r.time}`));
  const answer = await http.post<TRecents>('/api/personalAccount/mergeRecentlyViewedVbc', { recents: local });
  // A card viewed while the call was under way is kept on top (the server learns of it next time).
  let merged: TRecent[] = (answer?.recents ?? []).map((card) => ({ id: card.virtualContactId, time: card.time }));
  const viewedMeanwhile = readRecents().filter((r) => !sent.has(`${r.id}@${r.time}`));
  for (const view of viewedMeanwhile.reverse()) merged = addRecent(merged, view.id, view.time);
  merged = merged.slice(0, RECENTS_LIMIT);
  writeStored('recents', JSON.stringify(merged));
  return answer ?? { recents: [] };
}
