import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TContactModel } from '../model.ts';
import CorporateBadge from './CorporateBadge.tsx';

/**
 * Text alignment of a card block; 'responsive' is centred on a phone and left from md up. "Left" is the
 * line's start: a right-to-left paragraph (`dir="auto"`) starts at the right.
 */
export type TAlign = 'center' | 'left' | 'responsive';

export const textAlignOf = (align: TAlign) => (align === 'responsive' ? { xs: 'center', md: 'start' } : align === 'left' ? 'start' : align);
export const justifyOf = (align: TAlign) =>
  align === 'responsive' ? { xs: 'center', md: 'flex-start' } : align === 'center' ? 'center' : 'flex-start';

/**
 * Name (the page's h1), job title and organization, with the corporate badge. Each is the owner's own
 * text in any script: `dir="auto"` gives an Arabic or Hebrew line its own direction (and its punctuation
 * its right side); the card frame breaks a word too long for the screen (`CardFrame`).
 */
export default function Identity({
  model,
  align = 'center',
  showOrganization = true,
}: {
  model: TContactModel;
  align?: TAlign;
  showOrganization?: boolean;
}) {
  const { contact } = model;
  return (
    <Box sx={{ textAlign: textAlignOf(align), display: 'grid', gap: 0.25 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: justifyOf(align), gap: 0.5, flexWrap: 'wrap' }}>
        <Typography
          variant="h4"
          component="h1"
          className="p-name"
          data-testid="contact-name"
          dir="auto"
          sx={{ fontWeight: 800, fontSize: { xs: '1.75rem', md: '2.1rem' }, lineHeight: 1.15, minWidth: 0 }}
        >
          {model.fullName}
        </Typography>
        <CorporateBadge contact={contact} />
      </Box>
      {contact.jobTitle && (
        <Typography
          data-testid="job-title"
          className="p-job-title"
          dir="auto"
          sx={{ fontSize: '1.05rem', fontWeight: 600, color: 'rgba(255,255,255,0.86)' }}
        >
          {contact.jobTitle}
        </Typography>
      )}
      {showOrganization && contact.organization && (
        <Typography data-testid="organization" className="p-org" dir="auto" color="text.secondary">
          {contact.organization}
        </Typography>
      )}
    </Box>
  );
}

/** The biography as written (line breaks kept); the h-card's `p-note`, quotes aside. */
export function Biography({ text, quoted = false, align = 'center' }: { text: string | null; quoted?: boolean; align?: TAlign }) {
  if (!text?.trim()) return null;
  // A long biography reads better left-aligned, whatever the layout asks.
  const textAlign = align !== 'left' && text.trim().length > 180 ? 'start' : textAlignOf(align);
  return (
    <Typography
      data-testid="biography"
      dir="auto"
      sx={{ whiteSpace: 'pre-line', textAlign, color: 'rgba(255,255,255,0.82)', lineHeight: 1.6, fontStyle: quoted ? 'italic' : 'normal' }}
    >
      {quoted && '“'}
      <span className="p-note">{text.trim()}</span>
      {quoted && '”'}
    </Typography>
  );
}
