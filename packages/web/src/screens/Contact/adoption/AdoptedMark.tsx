import Box from '@mui/material/Box';

/**
 * The success animation of an adoption (docs/contracts.md §2): a ring that pulses out and
 * a check mark drawn in the success colour. Still for reduced motion.
 */
export default function AdoptedMark() {
  return (
    <Box
      aria-hidden
      sx={{
        position: 'relative',
        width: 88,
        height: 88,
        color: 'success.main',
        '@keyframes vbc-adopt-pop': {
          '0%': { transform: 'scale(.4)', opacity: 0 },
          '70%': { transform: 'scale(1.08)', opacity: 1 },
          '100%': { transform: 'scale(1)' },
        },
        '@keyframes vbc-adopt-ring': { from: { transform: 'scale(.9)', opacity: 0.7 }, to: { transform: 'scale(1.6)', opacity: 0 } },
        '@keyframes vbc-adopt-draw': { to: { strokeDashoffset: 0 } },
        '& .ring': {
          position: 'absolute',
          inset: 0,
          borderRadius: '50%',
          border: '3px solid currentColor',
          animation: 'vbc-adopt-ring 1.1s ease-out .2s 2 both',
        },
        '& svg': { position: 'relative', width: '100%', height: '100%', animation: 'vbc-adopt-pop .45s cubic-bezier(.2,.9,.3,1.2) both' },
        '& .check': { strokeDasharray: 48, strokeDashoffset: 48, animation: 'vbc-adopt-draw .4s ease-out .35s forwards' },
        '@media (prefers-reduced-motion: reduce)': {
          '& .ring': { display: 'none' },
          '& svg, & .check': { animation: 'none', strokeDashoffset: 0 },
        },
      }}
    >
      <span className="ring" />
      <svg viewBox="0 0 52 52">
        <circle cx="26" cy="26" r="24" fill="currentColor" />
        <path
          className="check"
          d="M15 27 l7 7 l15 -16"
          fill="none"
          stroke="#fff"
          strokeWidth="4.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </Box>
  );
}
