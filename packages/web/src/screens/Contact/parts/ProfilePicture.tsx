import Box from '@mui/material/Box';
import PersonIcon from '@mui/icons-material/Person';
import { useTranslation } from 'react-i18next';

/**
 * The card's picture, or the generic image when it has none or it fails to
 * load (docs/contracts.md §2). `shape` rounded is the artist layout's portrait.
 */
export default function ProfilePicture({
  src,
  name,
  size,
  ring,
  shape = 'circle',
}: {
  src: string | null;
  name: string;
  size: number;
  ring?: string;
  shape?: 'circle' | 'rounded';
}) {
  const { t } = useTranslation('card');
  const radius = shape === 'circle' ? '50%' : '28px';
  const frame = {
    width: size,
    height: size,
    borderRadius: radius,
    flex: `0 0 ${size}px`,
    boxShadow: `0 0 0 4px ${ring ?? 'rgba(255,255,255,0.9)'}, 0 12px 32px rgba(0,0,0,0.45)`,
  };
  if (!src) {
    return (
      <Box
        role="img"
        aria-label={t('noPicture', { name })}
        data-testid="generic-picture"
        sx={{
          ...frame,
          display: 'grid',
          placeItems: 'center',
          background: 'linear-gradient(135deg,#3a3a4a,#22222c)',
          color: 'rgba(255,255,255,0.7)',
        }}
      >
        <PersonIcon sx={{ fontSize: size * 0.62 }} />
      </Box>
    );
  }
  return (
    <Box
      component="img"
      className="u-photo"
      src={src}
      alt={name}
      data-testid="profile-picture"
      width={size}
      height={size}
      decoding="async"
      fetchPriority="high"
      onError={(e: React.SyntheticEvent<HTMLImageElement>) => {
        // Broken picture: fall back to the generic image (inline SVG data URL, allowed by the CSP).
        e.currentTarget.src = GENERIC_PICTURE;
      }}
      sx={{ ...frame, objectFit: 'cover', bgcolor: '#2a2a35', display: 'block' }}
    />
  );
}

const GENERIC_PICTURE =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect width="24" height="24" fill="#2e2e3a"/><path fill="#9a9aae" d="M12 12c2.2 0 4-1.8 4-4s-1.8-4-4-4-4 1.8-4 4 1.8 4 4 4zm0 2c-2.7 0-8 1.3-8 4v2h16v-2c0-2.7-5.3-4-8-4z"/></svg>',
  );
