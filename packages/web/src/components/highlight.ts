/** A piece of a text, and whether it matches the search. */
export interface THighlightPart {
  text: string;
  match: boolean;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Splits `text` into the parts that match a word of `term` (ignoring case) and the rest,
 * in order; joined, the parts give `text` back. No words: one unmatched part.
 */
export function highlightParts(text: string, term: string): THighlightPart[] {
  const words = term
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .sort((a, b) => b.length - a.length);
  if (words.length === 0 || !text) return text ? [{ text, match: false }] : [];
  const re = new RegExp(`(${words.map(escape).join('|')})`, 'gi');
  return text
    .split(re)
    .filter(Boolean)
    .map((part) => ({ text: part, match: words.some((w) => w.toLowerCase() === part.toLowerCase()) }));
}
