import { describe, expect, it } from 'vitest';
import { canSend, cardName } from './send-rules.ts';

describe('Send Message rules (docs/contracts.md §5)', () => {
  it('is disabled for an empty or blank message', () => {
    expect(canSend({ message: '', from: '', hasCards: false })).toBe(false);
    expect(canSend({ message: '  \n ', from: 'c1', hasCards: true })).toBe(false);
  });
  it('needs a From card only when the user owns cards', () => {
    expect(canSend({ message: 'Hi', from: '', hasCards: true })).toBe(false);
    expect(canSend({ message: 'Hi', from: 'c1', hasCards: true })).toBe(true);
    expect(canSend({ message: 'Hi', from: '', hasCards: false })).toBe(true);
  });
  it('names a card by name, else first and last name', () => {
    expect(cardName({ name: 'Ana Reyes', firstName: 'X', lastName: 'Y' })).toBe('Ana Reyes');
    expect(cardName({ name: '', firstName: 'Ana', lastName: 'Reyes' })).toBe('Ana Reyes');
  });
});
