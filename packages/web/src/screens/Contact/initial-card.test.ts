import { afterEach, describe, expect, it } from 'vitest';
import { sampleCard } from '../../test/sample-card.ts';
import { dropInitialCard, initialCardFor, INITIAL_CARD_ELEMENT_ID, resetInitialCard } from './initial-card.ts';

const inline = (json: string) => {
  const el = document.createElement('script');
  el.type = 'application/json';
  el.id = INITIAL_CARD_ELEMENT_ID;
  el.textContent = json;
  document.head.appendChild(el);
};

afterEach(() => {
  document.getElementById(INITIAL_CARD_ELEMENT_ID)?.remove();
  resetInitialCard();
});

describe('the card inlined by the server', () => {
  it('is used for its own link, by quickId (any case, look-alikes folded) or full id', () => {
    const card = sampleCard({ quickId: 'k7m2p9q' });
    inline(JSON.stringify(card));
    expect(initialCardFor('k7m2p9q')?.firstName).toBe('Ana');
    expect(initialCardFor('K7M2P9Q')?.firstName).toBe('Ana');
    expect(initialCardFor(card.virtualContactId.toUpperCase())?.firstName).toBe('Ana');
    expect(initialCardFor('zzzzzzz')).toBeNull();
  });

  it('is given up once another card or a reload is asked for', () => {
    inline(JSON.stringify(sampleCard()));
    dropInitialCard();
    expect(initialCardFor('k7m2p9q')).toBeNull();
  });

  it('is ignored when missing or malformed', () => {
    expect(initialCardFor('k7m2p9q')).toBeNull();
    resetInitialCard();
    inline('{"oops"');
    expect(initialCardFor('k7m2p9q')).toBeNull();
  });
});
