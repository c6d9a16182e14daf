/**
 * Markdown rendered then sanitized (docs/contracts.md §3): react-markdown never creates raw
 * HTML, and rehype-sanitize (GitHub's schema) drops unsafe URLs and attributes.
 * Loaded on demand: it is the heaviest part of the card.
 */
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';

/** Only our origin's images may load (CSP img-src 'self' data: blob:); others become links. */
const sameOrigin = (src: string) => src.startsWith('/') && !src.startsWith('//');

/** The shallowest heading level the sources use (`#` 1 … `######` 6; setext `===` is 1), 1 when they have none. */
export function topHeadingLevel(sources: readonly string[]): number {
  let top = 6;
  for (const source of sources) {
    if (/^.+\n {0,3}=+[ \t]*$/m.test(source)) return 1;
    for (const m of source.matchAll(/^ {0,3}(#{1,6})[ \t]/gm)) top = Math.min(top, m[1]!.length);
  }
  return top;
}

/**
 * Markdown headings sit under the heading the descriptions are in (`under`: the
 * card's h1, the name, or a section's h2): the shallowest heading the author
 * used becomes the next level down, the others keep their distance from it
 * (h6 at most), so the page keeps one outline without a skipped level.
 */
const demoted = (level: number, shift: number) => {
  const Tag = `h${Math.min(Math.max(level + shift, 2), 6)}` as 'h2' | 'h3' | 'h4' | 'h5' | 'h6';
  return ({ children }: { children?: React.ReactNode }) => <Tag className={`md-h${level}`}>{children}</Tag>;
};

const headings = (shift: number): Components => ({
  h1: demoted(1, shift),
  h2: demoted(2, shift),
  h3: demoted(3, shift),
  h4: demoted(4, shift),
  h5: demoted(5, shift),
  h6: demoted(6, shift),
});

const common: Components = {
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  ),
  img: ({ src, alt }) => {
    const url = typeof src === 'string' ? src : '';
    if (!url) return null;
    return sameOrigin(url) ? (
      <img src={url} alt={alt ?? ''} loading="lazy" />
    ) : (
      <a href={url} target="_blank" rel="noopener noreferrer nofollow">
        {alt || url}
      </a>
    );
  },
};

/** The components per heading shift (from -4, `#####` under an h1, to +2, `#` under an h2), made once each. */
const componentsByShift = new Map<number, Components>();
const componentsFor = (shift: number): Components => {
  let found = componentsByShift.get(shift);
  if (!found) componentsByShift.set(shift, (found = { ...headings(shift), ...common }));
  return found;
};

/** The rendered sources, one block each (the frame and its styles are MarkdownDescriptions'). */
export default function Markdown({ sources, under = 2 }: { sources: readonly string[]; under?: 1 | 2 }) {
  const components = componentsFor(under + 1 - topHeadingLevel(sources));
  return sources.map((source, i) => (
    <div key={i} dir="auto">
      <ReactMarkdown rehypePlugins={[rehypeSanitize]} components={components}>
        {source}
      </ReactMarkdown>
    </div>
  ));
}
