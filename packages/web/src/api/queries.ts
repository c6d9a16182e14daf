/**
 * Query options by resource: the key (`query-keys.ts`) and the call that fills it, written once,
 * used by `useQuery(…)`, `queryClient.fetchQuery(…)` and `prefetchQuery(…)` alike.
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { TAuditPage } from '@vbc/shared/corporate';
import { getCardForEdit, getCardStats, getEmailSignature, getPinStatus, getRecents } from './cards.ts';
import { getCorporateProfile } from './contacts.ts';
import { getConversation, listConversations } from './conversations.ts';
import { getDirectory, listDirectories } from './directories.ts';
import { syncRecents } from './accounts.ts';
import { searchCards } from './search.ts';
import { getWalletAvailability } from './wallet.ts';
import { getPet } from './pets.ts';
import { queryKeys } from './query-keys.ts';
import { getAnnouncement, listAnnouncements } from './announcements.ts';
import {
  getConsole,
  getTemplate,
  listBusinessCards,
  getFollowState,
  listCorporateAnnouncements,
  getAuditPage,
  getTeamAnalytics,
  listInvitations,
  listScimTokens,
  listManagedBusinesses,
  listMembers,
  listMyInvitations,
} from './corporate.ts';

/** Owner views start from the server's current version, never a cached one (a stale `updatedAt` fails the save). */
const OWNER_VIEW = { gcTime: 0 } as const;

export const cardQueries = {
  edit: (id: string) => queryOptions({ queryKey: queryKeys.cards.edit(id), queryFn: () => getCardForEdit(id), ...OWNER_VIEW }),
  stats: (id: string, days: number) =>
    queryOptions({ queryKey: queryKeys.cards.stats(id, days), queryFn: () => getCardStats(id, days), ...OWNER_VIEW }),
  pin: (id: string) => queryOptions({ queryKey: queryKeys.cards.pin(id), queryFn: () => getPinStatus(id), ...OWNER_VIEW }),
  signature: (id: string) => queryOptions({ queryKey: queryKeys.cards.signature(id), queryFn: () => getEmailSignature(id), ...OWNER_VIEW }),
};

export const corporateQueries = {
  profile: (id: string) =>
    queryOptions({ queryKey: queryKeys.corporateProfiles.one(id), queryFn: ({ signal }) => getCorporateProfile(id, { signal }) }),
  follow: (id: string) => queryOptions({ queryKey: queryKeys.corporateProfiles.follow(id), queryFn: () => getFollowState(id) }),
};

export const petQueries = {
  one: (id: string) => queryOptions({ queryKey: queryKeys.pets.one(id), queryFn: () => getPet(id) }),
  edit: (id: string) => queryOptions({ queryKey: queryKeys.pets.edit(id), queryFn: () => getPet(id), ...OWNER_VIEW }),
};

export const conversationQueries = {
  list: () => queryOptions({ queryKey: queryKeys.conversations.list(), queryFn: listConversations }),
  one: (id: string) => queryOptions({ queryKey: queryKeys.conversations.one(id), queryFn: () => getConversation(id) }),
};

export const accountQueries = {
  recents: () => queryOptions({ queryKey: queryKeys.account.recents(), queryFn: getRecents }),
  mergedRecents: () => queryOptions({ queryKey: queryKeys.account.mergedRecents(), queryFn: syncRecents }),
};

export const directoryQueries = {
  list: (contactId?: string) =>
    queryOptions({ queryKey: queryKeys.directories.list(contactId), queryFn: () => listDirectories(contactId) }),
  /** A directory a page at a time ("Load more"), filtered by `q` on the server. */
  one: (dirId: string, q = '') =>
    infiniteQueryOptions({
      queryKey: queryKeys.directories.one(dirId, q.trim()),
      queryFn: ({ pageParam }) => getDirectory(dirId, { q, cursor: pageParam }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.nextCursor ?? undefined,
    }),
};

export const announcementQueries = {
  list: () => queryOptions({ queryKey: queryKeys.announcements.list(), queryFn: listAnnouncements }),
  one: (id: string) => queryOptions({ queryKey: queryKeys.announcements.one(id), queryFn: () => getAnnouncement(id) }),
};

/** Which wallets the server can make passes for: asked once per app start (a server's settings change only with a restart). */
export const walletQueries = {
  availability: () =>
    queryOptions({ queryKey: queryKeys.wallet.availability(), queryFn: getWalletAvailability, staleTime: Infinity, gcTime: Infinity }),
};

export const searchQueries = {
  cards: (q: string) => queryOptions({ queryKey: queryKeys.search.cards(q), queryFn: ({ signal }) => searchCards(q, signal) }),
};

/** The corporate console: owner views, never served from an old cache entry. */
export const consoleQueries = {
  businesses: () => queryOptions({ queryKey: queryKeys.console.businesses(), queryFn: listManagedBusinesses }),
  myInvitations: () => queryOptions({ queryKey: queryKeys.console.myInvitations(), queryFn: listMyInvitations }),
  profile: (id: string) => queryOptions({ queryKey: queryKeys.console.profile(id), queryFn: () => getConsole(id), ...OWNER_VIEW }),
  members: (id: string) => queryOptions({ queryKey: queryKeys.console.members(id), queryFn: () => listMembers(id), ...OWNER_VIEW }),
  invitations: (id: string) =>
    queryOptions({ queryKey: queryKeys.console.invitations(id), queryFn: () => listInvitations(id), ...OWNER_VIEW }),
  announcements: (id: string) =>
    queryOptions({ queryKey: queryKeys.console.announcements(id), queryFn: () => listCorporateAnnouncements(id), ...OWNER_VIEW }),
  scimTokens: (id: string) =>
    queryOptions({ queryKey: queryKeys.console.scimTokens(id), queryFn: () => listScimTokens(id), ...OWNER_VIEW }),
  /** The audit log, a page at a time (newest first; the next page by cursor). */
  audit: (id: string) => ({
    queryKey: queryKeys.console.audit(id),
    queryFn: ({ pageParam }: { pageParam: string | null }) => getAuditPage(id, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page: TAuditPage) => page.nextCursor,
    ...OWNER_VIEW,
  }),
  analytics: (id: string, days: number) =>
    queryOptions({ queryKey: queryKeys.console.analytics(id, days), queryFn: () => getTeamAnalytics(id, days), ...OWNER_VIEW }),
  template: (id: string) => queryOptions({ queryKey: queryKeys.console.template(id), queryFn: () => getTemplate(id), ...OWNER_VIEW }),
  cards: (id: string) => queryOptions({ queryKey: queryKeys.console.cards(id), queryFn: () => listBusinessCards(id), ...OWNER_VIEW }),
};
