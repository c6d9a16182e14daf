import { describe, expect, it } from 'vitest';
import { cardOwnerName, exchangeConsentText } from './leads.ts';

describe('the consent sentence, one text for the window and the stored lead', () => {
  it("quotes the card's name, or 'the owner' on a card without one", () => {
    expect(exchangeConsentText(cardOwnerName({ firstName: 'Olivia', lastName: 'Reyes' }))).toBe(
      'I agree that Olivia Reyes may keep these details and contact me.',
    );
    expect(exchangeConsentText(cardOwnerName({ firstName: ' ', lastName: '' }))).toBe(
      'I agree that the owner may keep these details and contact me.',
    );
  });
});
