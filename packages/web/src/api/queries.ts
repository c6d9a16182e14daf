/**
 * Query options by resource: the key (`query-keys.ts`) and the call that fills it, written once,
 * used by `useQuery(…)`, `queryClient.fetchQuery(…)` and `prefetchQuery(…)` alike.
 */
import { queryOptions } from '@tanstack/react-query';
import { getCardForEdit, getCardStats, getPinStatus, getRecents } from './cards.ts';
import { getCorporateProfile } from './contacts.ts';
import { getConversation, listConversations } from './conversations.ts';
import { getPet } from './pets.ts';
import { queryKeys } from './query-keys.ts';

/** Owner views start from the server's current version, never a cached one (a stale `updatedAt` fails the save). */
const OWNER_VIEW = { gcTime: 0 } as const;

export const cardQueries = {
  edit: (id: string) => queryOptions({ queryKey: queryKeys.cards.edit(id), queryFn: () => getCardForEdit(id), ...OWNER_VIEW }),
  stats: (id: string, days: number) => queryOptions({ queryKey: queryKeys.cards.stats(id, days), queryFn: () => getCardStats(id, days), ...OWNER_VIEW }),
  pin: (id: string) => queryOptions({ queryKey: queryKeys.cards.pin(id), queryFn: () => getPinStatus(id), ...OWNER_VIEW }),
};

export const corporateQueries = {
  profile: (id: string) => queryOptions({ queryKey: queryKeys.corporateProfiles.one(id), queryFn: ({ signal }) => getCorporateProfile(id, { signal }) }),
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
};
