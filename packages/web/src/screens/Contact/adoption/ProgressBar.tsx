import Box from '@mui/material/Box';

/**
 * An indeterminate progress bar in the primary colour. Drawn with Box and a
 * keyframe rather than MUI's LinearProgress, whose shared helpers would split
 * the card's first-load chunks (150 KB budget) once this form exists.
 */
export default function ProgressBar({ label, hidden }: { label?: string; hidden?: boolean }) {
  return (
    <Box
      role={hidden ? undefined : 'progressbar'}
      aria-label={hidden ? undefined : label}
      aria-hidden={hidden || undefined}
      sx={{
        position: 'relative',
        width: '100%',
        height: 4,
        overflow: 'hidden',
        borderRadius: 1,
        bgcolor: 'rgba(154,125,255,0.22)',
        visibility: hidden ? 'hidden' : 'visible',
        '@keyframes vbc-progress': { from: { left: '-40%' }, to: { left: '100%' } },
        '&::after': {
          content: '""',
          position: 'absolute',
          top: 0,
          bottom: 0,
          width: '40%',
          borderRadius: 1,
          bgcolor: 'primary.main',
          animation: 'vbc-progress 1.2s ease-in-out infinite',
        },
        '@media (prefers-reduced-motion: reduce)': { '&::after': { animationDuration: '3s' } },
      }}
    />
  );
}
