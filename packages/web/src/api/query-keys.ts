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
    pin: (id: string) => ['cards', 'pin', id] as const,
    corporateInfo: (id: string) => ['cards', 'corporateInfo', id] as const,
    adoptable: (id: string) => ['cards', 'adoptable', id] as const,
  },
  corporateProfiles: {
    all: ['corporateProfiles'] as const,
    one: (id: string) => ['corporateProfiles', id] as const,
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
  },
} as const;
