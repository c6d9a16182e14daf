import { describe, expect, it } from 'vitest';
import { highlightParts } from './highlight.ts';

describe('highlightParts', () => {
  it('marks every occurrence of each word, ignoring case, and gives the text back whole', () => {
    const parts = highlightParts('Ana Reyes, Acme Analytics', 'ana acme');
    expect(parts).toEqual([
      { text: 'Ana', match: true },
      { text: ' Reyes, ', match: false },
      { text: 'Acme', match: true },
      { text: ' ', match: false },
      { text: 'Ana', match: true },
      { text: 'lytics', match: false },
    ]);
    expect(parts.map((p) => p.text).join('')).toBe('Ana Reyes, Acme Analytics');
  });

  it('treats the search as text, not a pattern, and leaves an empty search unmarked', () => {
    expect(highlightParts('C++ (senior)', 'c++ (')).toEqual([
      { text: 'C++', match: true },
      { text: ' ', match: false },
      { text: '(', match: true },
      { text: 'senior)', match: false },
    ]);
    expect(highlightParts('Engineer', '  ')).toEqual([{ text: 'Engineer', match: false }]);
    expect(highlightParts('', 'x')).toEqual([]);
  });
});
