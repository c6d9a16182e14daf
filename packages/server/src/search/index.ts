// What other domains use of search: the one way a card's text is matched (a directory's filter).
export { cardTextMatches } from './search-cards.ts';
