/**
 * Markdown rendered then sanitized (SPEC §3): react-markdown never creates raw
 * HTML, and rehype-sanitize (GitHub's schema) drops unsafe URLs and attributes.
 * Loaded on demand: it is the heaviest part of the card.
 */
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import Box from '@mui/material/Box';

/** Only our origin's images may load (CSP img-src 'self' data: blob:); others become links. */
const sameOrigin = (src: string) => src.startsWith('/') && !src.startsWith('//');

/**
 * Markdown headings sit under the card's own h1 (the name) and h2 (sections):
 * `#` becomes h3, `##` h4, and so on (h6 at most), so the page keeps one outline.
 */
const demoted = (level: number) => {
  const Tag = `h${Math.min(level + 2, 6)}` as 'h3' | 'h4' | 'h5' | 'h6';
  return ({ children }: { children?: React.ReactNode }) => <Tag className={`md-h${level}`}>{children}</Tag>;
};

const components: Components = {
  h1: demoted(1),
  h2: demoted(2),
  h3: demoted(3),
  h4: demoted(4),
  h5: demoted(5),
  h6: demoted(6),
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow">{children}</a>
  ),
  img: ({ src, alt }) => {
    const url = typeof src === 'string' ? src : '';
    if (!url) return null;
    return sameOrigin(url) ? <img src={url} alt={alt ?? ''} loading="lazy" /> : (
      <a href={url} target="_blank" rel="noopener noreferrer nofollow">{alt || url}</a>
    );
  },
};

export default function Markdown({ sources }: { sources: readonly string[] }) {
  return (
    <Box
      data-testid="markdown"
      sx={{
        overflowWrap: 'anywhere',
        '& h3, & h4, & h5, & h6': { mt: 2, mb: 1, lineHeight: 1.25, fontWeight: 700, fontSize: '1rem' },
        '& .md-h1': { fontSize: '1.5rem' }, '& .md-h2': { fontSize: '1.3rem' }, '& .md-h3': { fontSize: '1.1rem' },
        '& p, & ul, & ol': { my: 1, lineHeight: 1.6 },
        '& a': { color: 'primary.main' },
        '& img': { maxWidth: '100%', borderRadius: 2 },
        '& code': { bgcolor: 'rgba(255,255,255,0.08)', px: 0.5, borderRadius: 1, fontSize: '0.9em' },
        '& blockquote': { m: 0, pl: 2, borderLeft: '3px solid', borderColor: 'divider', color: 'text.secondary' },
        '& > div + div': { mt: 2, pt: 2, borderTop: '1px solid', borderColor: 'divider' },
      }}
    >
      {sources.map((source, i) => (
        <div key={i}>
          <ReactMarkdown rehypePlugins={[rehypeSanitize]} components={components}>{source}</ReactMarkdown>
        </div>
      ))}
    </Box>
  );
}
