import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { virtualContacts } from './contacts.ts';

/**
 * Every word of a linked card's `search_text` (its words split at spaces), once: the vocabulary a
 * search looks its longest word up in (migration 0040's trigram index on `word`), a few thousand
 * rows where the cards are a million. Kept by the trigger of `card_search_words`; a word no card
 * holds any more stays (it finds no card).
 */
export const searchWords = pgTable('search_words', {
  word: text('word').primaryKey(),
});

/**
 * The words of each card linked to a business profile, with that profile: a search finds the
 * cards of the businesses it reaches that hold a word by this key (the word, then the profile),
 * reading as many as it ranks, not every card that matches. Kept in the card writer's transaction
 * by migration 0040's trigger on `virtual_contacts` (an insert, and an update of the name, job
 * title, organization or business profile); a card's rows go with it.
 */
export const cardSearchWords = pgTable(
  'card_search_words',
  {
    word: text('word').notNull(),
    corporateProfileId: uuid('corporate_profile_id').notNull(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => virtualContacts.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.word, t.corporateProfileId, t.cardId] }), index('card_search_words_card_idx').on(t.cardId)],
);

/**
 * Where the fill of the cards stored before migration 0040 has got to (search/fill-search-words.ts):
 * one row, the last card written (ids in order), deleted when every card is.
 */
export const cardSearchWordsFill = pgTable('card_search_words_fill', {
  afterCardId: uuid('after_card_id'),
});
