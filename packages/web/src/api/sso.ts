import type { TLoginResult as TSharedLoginResult } from '@vbc/shared/account';
import type { TCorporateDomain, TSsoDiscovery, TSsoSettings, TSsoSettingsInput } from '@vbc/shared/sso';
import { http, HttpError } from './http.ts';

const anonymous = { auth: false } as const;

/** GET /api/sso/discover: the SSO of an e-mail's business, or null when the address has none. */
export async function discoverSso(email: string): Promise<TSsoDiscovery | null> {
  try {
    return await http.get<TSsoDiscovery>(`/api/sso/discover?email=${encodeURIComponent(email)}`, anonymous);
  } catch (error) {
    if (error instanceof HttpError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/** POST /api/sso/complete: the callback's one-time handoff → the same login result as a one-time code's. */
export const completeSso = (handoff: string) => http.post<TSharedLoginResult>('/api/sso/complete', { handoff }, anonymous);

/** The business's domains (console, admins). */
export const listDomains = (corporateAccountId: string) => http.get<TCorporateDomain[]>(`/api/corporate/${corporateAccountId}/domains`);
export const addDomain = (corporateAccountId: string, domain: string) =>
  http.post<TCorporateDomain>(`/api/corporate/${corporateAccountId}/domains`, { domain });
export const verifyDomain = (corporateAccountId: string, domain: string) =>
  http.post<TCorporateDomain>(`/api/corporate/${corporateAccountId}/domains/${encodeURIComponent(domain)}/verify`);

/** The business's SSO settings, or null when none are set (console, admins). */
export async function getSso(corporateAccountId: string): Promise<TSsoSettings | null> {
  try {
    return await http.get<TSsoSettings>(`/api/corporate/${corporateAccountId}/sso`);
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
}
export const putSso = (corporateAccountId: string, input: TSsoSettingsInput) =>
  http.put<TSsoSettings>(`/api/corporate/${corporateAccountId}/sso`, input);
