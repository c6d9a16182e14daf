/** docs/contracts.md §2/§5 rules of the Send Message window, kept pure for tests. */

/**
 * docs/contracts.md §5: Send is disabled when the message is empty, or when the user has virtual contacts
 * and no From contact is chosen.
 */
export function canSend({ message, from, hasCards }: { message: string; from: string; hasCards: boolean }): boolean {
  if (message.trim() === '') return false;
  if (hasCards && !from) return false;
  return true;
}

/** A card's display name: its name, else first and last name; empty when it has neither (the window says "this card"). */
export function cardName(card: { name?: string | null; firstName?: string | null; lastName?: string | null }): string {
  const full = `${card.firstName ?? ''} ${card.lastName ?? ''}`.trim();
  return (card.name ?? '').trim() || full;
}
