import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** The rounded 44 px square an icon stands in at the start of a list row or tile (directories, leads). Decorative. */
export default function IconTile({ children }: { children: ReactNode }) {
  return (
    <Box
      aria-hidden
      sx={{
        width: 44,
        height: 44,
        borderRadius: '14px',
        flex: '0 0 44px',
        display: 'grid',
        placeItems: 'center',
        color: 'primary.main',
        bgcolor: 'rgba(154,125,255,0.12)',
      }}
    >
      {children}
    </Box>
  );
}
