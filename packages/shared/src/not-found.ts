/**
 * The words of a not-found page (issue 30): the server's page for a browser that follows a wrong
 * short link (`/ds/vbc/i/{x}`), and the app's screens for a wrong card address or any unknown path.
 */
export const NOT_FOUND = {
  card: { title: 'Card not found', text: 'No card has this address. Check the link, or search for the card.' },
  page: { title: 'Page not found', text: 'There is nothing at this address.' },
  /** The way home: a link to /vbc/. */
  home: 'Go to the home page',
  /** The search field's label; the search opens /vbc/others?tab=search&q=… (the app's card search). */
  search: 'Search cards',
  searchButton: 'Search',
} as const;

/** Where a not-found page's search goes: the Others screen's Search tab with the words typed. */
export const CARD_SEARCH_PATH = '/vbc/others';
