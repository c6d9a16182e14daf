/** SPEC §7 calls of the settings screen: rename, and account deletion by code. */
import type { TPersonalAccount, TUnregisterOtpResponse } from '@vbc/shared/account';
import { http } from '../../api/http.ts';

/** PUT myAccount: the account with its new name. */
export const updateAccountName = (name: string) => http.put<TPersonalAccount>('/api/personalAccount/myAccount', { name });

/** RequestUnRegisterOtp: a deletion code to the account's e-mail (or phone). */
export const requestUnregisterOtp = () => http.post<TUnregisterOtpResponse>('/api/personalaccount/RequestUnRegisterOtp');

/** VerifyUnregisterOtp: true when the code is right, false on any failure (SPEC §7). */
export const verifyUnregisterOtp = (otp: string) => http.post<boolean>('/api/personalaccount/VerifyUnregisterOtp', { otp });

/** unregisterAppAccount: deletes the account (after a verified code). */
export const unregisterAppAccount = () => http.post<{ success: boolean }>('/api/personalaccount/unregisterAppAccount');
