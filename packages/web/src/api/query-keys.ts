/**
 * Query keys by resource: every cached answer of the API lives under one of these, so a hub
 * event or a save can invalidate a whole resource (`queryKeys.cards.all`) or one entry
 * (`queryKeys.cards.edit(id)`). A new resource gets its factory here, never an inline array.
 * No import: this file is safe anywhere, including the public card's first load.
 */
export const queryKeys = {
  cards: {
    all: ['cards'] as const,
    /** The public view of a card, by full id or quickId. */
    public: (routeId: string) => ['cards', 'public', routeId] as const,
    /** The owner's view (editor). */
    edit: (id: string) => ['cards', 'edit', id] as const,
    stats: (id: string, days: number) => ['cards', 'stats', id, days] as const,
    signature: (id: string) => ['cards', 'signature', id] as const,
    pin: (id: string) => ['cards', 'pin', id] as const,
    corporateInfo: (id: string) => ['cards', 'corporateInfo', id] as const,
    adoptable: (id: string) => ['cards', 'adoptable', id] as const,
  },
  sso: {
    all: ['sso'] as const,
    /** Whether addresses of an e-mail domain sign in with their business's SSO (the sign-in window). */
    discover: (domain: string) => ['sso', 'discover', domain] as const,
    /** A business's domains and SSO settings (console). */
    domains: (corporateAccountId: string) => ['sso', 'domains', corporateAccountId] as const,
    settings: (corporateAccountId: string) => ['sso', 'settings', corporateAccountId] as const,
  },
  corporateProfiles: {
    all: ['corporateProfiles'] as const,
    one: (id: string) => ['corporateProfiles', id] as const,
    /** The signed-in account's Follow / Following state for the business of this profile. */
    follow: (id: string) => ['corporateProfiles', id, 'follow'] as const,
  },
  pets: {
    all: ['pets'] as const,
    /** The public pet page. */
    one: (id: string) => ['pets', 'public', id] as const,
    /** The owner's view (editor). */
    edit: (id: string) => ['pets', 'edit', id] as const,
  },
  conversations: {
    all: ['conversations'] as const,
    list: () => ['conversations', 'list'] as const,
    one: (id: string) => ['conversations', 'one', id] as const,
    unseen: () => ['conversations', 'unseen'] as const,
  },
  messages: {
    all: ['messages'] as const,
    /** One conversation's messages. */
    of: (conversationId: string) => ['messages', conversationId] as const,
  },
  account: {
    all: ['account'] as const,
    recents: () => ['account', 'recents'] as const,
    /** The account's recents after this device's were merged in (Others). */
    mergedRecents: () => ['account', 'recents', 'merged'] as const,
  },
  directories: {
    all: ['directories'] as const,
    /** The list; with a card id, each entry says whether it holds that card. */
    list: (contactId?: string) => ['directories', 'list', contactId ?? null] as const,
    one: (dirId: string, q = '') => ['directories', 'one', dirId, q] as const,
  },
  wallet: {
    all: ['wallet'] as const,
    /** A card's (or pet's) Apple pass / Google save JWT, made for one dialog. */
    pass: (provider: 'apple' | 'google', id: string) => ['wallet', provider, id] as const,
    /** Which wallets the server can make passes for. */
    availability: () => ['wallet', 'availability'] as const,
  },
  announcements: {
    all: ['announcements'] as const,
    /** The recipient's list with its unread count (the tab's badge reads it too). */
    list: () => ['announcements', 'list'] as const,
    one: (id: string) => ['announcements', 'one', id] as const,
  },
  console: {
    all: ['console'] as const,
    /** The businesses the signed-in account manages (the menu). */
    businesses: () => ['console', 'businesses'] as const,
    /** The signed-in account's pending invitations. */
    myInvitations: () => ['console', 'myInvitations'] as const,
    /** One business's console: its profile, members, invitations, announcements. */
    business: (id: string) => ['console', 'business', id] as const,
    profile: (id: string) => ['console', 'business', id, 'profile'] as const,
    members: (id: string) => ['console', 'business', id, 'members'] as const,
    invitations: (id: string) => ['console', 'business', id, 'invitations'] as const,
    announcements: (id: string) => ['console', 'business', id, 'announcements'] as const,
    scimTokens: (id: string) => ['console', 'business', id, 'scimTokens'] as const,
    audit: (id: string) => ['console', 'business', id, 'audit'] as const,
    analytics: (id: string, days: number) => ['console', 'business', id, 'analytics', days] as const,
    /** Issue 27: the brand template and the business-owned cards. */
    template: (id: string) => ['console', 'business', id, 'template'] as const,
    cards: (id: string) => ['console', 'business', id, 'cards'] as const,
  },
  search: {
    all: ['search'] as const,
    cards: (q: string) => ['search', 'cards', q] as const,
  },
  /** Issue 26: the leads visitors left on the account's cards (or, with a business id, its team's). */
  leads: {
    all: ['leads'] as const,
    list: (corporateAccountId: string | null, filters: { q?: string; cardId?: string; status?: string }) =>
      ['leads', 'list', corporateAccountId, filters] as const,
    one: (leadId: string) => ['leads', 'one', leadId] as const,
    /** The Home tile's count of leads not opened yet. */
    newCount: () => ['leads', 'newCount'] as const,
  },
  /** Issue 26: webhook endpoints of the account, or of a business (its console). */
  webhooks: {
    all: ['webhooks'] as const,
    /** The account's endpoints and its businesses' (one answer; each screen shows its own). */
    list: () => ['webhooks', 'list'] as const,
    attempts: (webhookId: string) => ['webhooks', 'attempts', webhookId] as const,
  },
} as const;
