/** docs/contracts.md §2/§5 rules of the Send Message window, kept pure for tests. */

export const MESSAGE_SENT_TEXT = 'Your message has been sent!';

/**
 * docs/contracts.md §5: Send is disabled when the message is empty, or when the user has virtual contacts
 * and no From contact is chosen.
 */
export function canSend({ message, from, hasCards }: { message: string; from: string; hasCards: boolean }): boolean {
  if (message.trim() === '') return false;
  if (hasCards && !from) return false;
  return true;
}

/** A card's display name: its name, else first and last name. */
export function cardName(card: { name?: string | null; firstName?: string | null; lastName?: string | null }): string {
  const full = `${card.firstName ?? ''} ${card.lastName ?? ''}`.trim();
  return (card.name ?? '').trim() || full || 'this card';
}
