/**
 * Issue 26: the exchange a visitor sends from a card ("Exchange Contact") and the owner's leads
 * (the Leads screen, the business console's Leads tab): calls, query options, exports.
 */
import { queryOptions } from '@tanstack/react-query';
import type { TExchangeRequest, TExchangeResponse, TLead, TLeadPage, TLeadStatus, TLeadUpdate } from '@vbc/shared/leads';
import { http } from './http.ts';
import { queryKeys } from './query-keys.ts';

/** POST /api/vbc/virtualcontact/{contactId}/exchange: anonymous, or with the visitor's token when signed in. */
export const sendExchange = (contactId: string, body: TExchangeRequest) =>
  http.post<TExchangeResponse>(`/api/vbc/virtualcontact/${encodeURIComponent(contactId)}/exchange`, body);

/** The list's filters (GET /api/leads and its exports take the same ones). */
export interface TLeadFilters {
  q?: string;
  cardId?: string;
  status?: TLeadStatus;
}

/** Whose leads: the signed-in account's, or one business's (its admins, the console). */
export type TLeadScope = { kind: 'mine' } | { kind: 'business'; corporateAccountId: string };

const MINE: TLeadScope = { kind: 'mine' };
const base = (scope: TLeadScope) =>
  scope.kind === 'mine' ? '/api/leads' : `/api/corporate/${encodeURIComponent(scope.corporateAccountId)}/leads`;
const lead = (leadId: string) => `/api/leads/${encodeURIComponent(leadId)}`;

/** The filters as a query string (empty ones left out), with `more` appended (cursor, limit). */
export function leadSearch(filters: TLeadFilters, more: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filters, ...more })) {
    const text = typeof value === 'string' ? value.trim() : '';
    if (text) params.set(key, text);
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The page size of the list; "Load more" fetches the next one. */
export const LEADS_PAGE_SIZE = 30;

export const listLeads = (scope: TLeadScope, filters: TLeadFilters, cursor?: string, limit = LEADS_PAGE_SIZE) =>
  http.get<TLeadPage>(`${base(scope)}${leadSearch(filters, { cursor, limit: String(limit) })}`);
export const getLead = (leadId: string) => http.get<TLead>(lead(leadId));
export const updateLead = (leadId: string, changes: TLeadUpdate) => http.put<TLead>(lead(leadId), changes);
export const deleteLead = (leadId: string) => http.delete(lead(leadId));

/** The export's address: CSV or vCard, with the list's filters. The business console exports CSV only. */
export const leadExportPath = (scope: TLeadScope, format: 'csv' | 'vcf', filters: TLeadFilters) =>
  `${base(scope)}/export.${format}${leadSearch(filters)}`;

/**
 * Downloads an export (it needs the bearer token, so not a plain link): fetched as a blob and
 * saved under `fileName`.
 */
export async function downloadLeads(path: string, fileName: string): Promise<void> {
  saveBlob(await http.download(path), fileName);
}

/** Saves a blob as a file through a temporary object URL. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has been handled: revoking at once cancels the download in some browsers.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

/** Query options: the owner's leads (pages by cursor), one lead, the Home tile's count of new leads. */
export const leadQueries = {
  list: (filters: TLeadFilters, scope: TLeadScope = MINE) => ({
    queryKey: queryKeys.leads.list(scope.kind === 'mine' ? null : scope.corporateAccountId, filters),
    queryFn: ({ pageParam }: { pageParam: string | undefined }) => listLeads(scope, filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page: TLeadPage) => page.nextCursor ?? undefined,
  }),
  one: (leadId: string) => queryOptions({ queryKey: queryKeys.leads.one(leadId), queryFn: () => getLead(leadId) }),
  /** `newCount` of the first page (GET /api/leads?limit=1). */
  newCount: () =>
    queryOptions({
      queryKey: queryKeys.leads.newCount(),
      queryFn: () => listLeads(MINE, {}, undefined, 1).then((page) => page.newCount),
    }),
};
