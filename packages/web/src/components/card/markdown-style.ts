import type { SxProps, Theme } from '@mui/material/styles';

/** How a card's rendered markdown looks (Markdown.tsx renders it; MarkdownDescriptions frames it). */
export const markdownSx: SxProps<Theme> = {
  overflowWrap: 'anywhere',
  '& h2, & h3, & h4, & h5, & h6': { mt: 2, mb: 1, lineHeight: 1.25, fontWeight: 700, fontSize: '1rem' },
  '& .md-h1': { fontSize: '1.5rem' },
  '& .md-h2': { fontSize: '1.3rem' },
  '& .md-h3': { fontSize: '1.1rem' },
  '& p, & ul, & ol': { my: 1, lineHeight: 1.6 },
  '& a': { color: 'primary.main' },
  '& img': { maxWidth: '100%', borderRadius: 2 },
  '& code': { bgcolor: 'rgba(255,255,255,0.08)', px: 0.5, borderRadius: 1, fontSize: '0.9em' },
  '& blockquote': { m: 0, pl: 2, borderLeft: '3px solid', borderColor: 'divider', color: 'text.secondary' },
  '& > div + div': { mt: 2, pt: 2, borderTop: '1px solid', borderColor: 'divider' },
};
