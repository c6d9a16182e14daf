import Box from '@mui/material/Box';

/** The V.B.C. mark: a card on a dark tile (same drawing as public/icons/icon.svg). */
export default function Logo({ size = 64, title = 'V.B.C.' }: { size?: number; title?: string }) {
  return (
    <Box component="svg" viewBox="0 0 512 512" role="img" aria-label={title} sx={{ width: size, height: size, display: 'block' }}>
      <defs>
        <linearGradient id="vbc-logo-g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#8c6cff" />
          <stop offset="1" stopColor="#26c6da" />
        </linearGradient>
      </defs>
      <rect width="512" height="512" rx="112" fill="#1b1b24" />
      <rect x="88" y="142" width="336" height="228" rx="30" fill="url(#vbc-logo-g)" />
      <circle cx="172" cy="232" r="38" fill="#fff" fillOpacity=".92" />
      <rect x="234" y="206" width="140" height="22" rx="11" fill="#fff" fillOpacity=".92" />
      <rect x="234" y="244" width="100" height="16" rx="8" fill="#fff" fillOpacity=".62" />
      <rect x="128" y="304" width="246" height="16" rx="8" fill="#fff" fillOpacity=".45" />
    </Box>
  );
}
