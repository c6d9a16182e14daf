import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import ShareIcon from '@mui/icons-material/Share';

export interface TItemTileProps {
  title: string;
  subtitle?: string;
  picture: string | null;
  fallbackIcon: ReactNode;
  /** Route of the public page. */
  openTo: string;
  editTo: string;
  onShare: () => void;
  onQr: () => void;
  accent?: string;
  testId?: string;
  /** More actions after QR (the wallet button of an owner's card). */
  extraActions?: ReactNode;
}

/** One card or pet on the home screen: picture, name, and open / edit / share / QR. */
export default function ItemTile({
  title,
  subtitle,
  picture,
  fallbackIcon,
  openTo,
  editTo,
  onShare,
  onQr,
  testId,
  extraActions,
}: TItemTileProps) {
  const { t } = useTranslation('home');
  return (
    <Box
      component="li"
      data-testid={testId}
      sx={{
        listStyle: 'none',
        position: 'relative',
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        p: 1.5,
        pr: 1,
        borderRadius: '20px',
        bgcolor: 'background.paper',
        border: '1px solid rgba(255,255,255,0.07)',
        transition: 'border-color .15s ease, transform .15s ease',
        '&:hover': { borderColor: 'rgba(154,125,255,0.45)' },
      }}
    >
      <Box
        component={RouterLink}
        to={openTo}
        aria-label={t('tile.open', { name: title })}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          flex: 1,
          minWidth: 0,
          color: 'inherit',
          textDecoration: 'none',
          borderRadius: '16px',
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
        }}
      >
        {picture ? (
          <Box
            component="img"
            src={picture}
            alt=""
            sx={{ width: 56, height: 56, borderRadius: '50%', objectFit: 'cover', flex: '0 0 56px', bgcolor: '#2a2a35' }}
          />
        ) : (
          <Box
            aria-hidden
            sx={{
              width: 56,
              height: 56,
              borderRadius: '50%',
              flex: '0 0 56px',
              display: 'grid',
              placeItems: 'center',
              color: 'rgba(255,255,255,0.75)',
              background: 'linear-gradient(135deg,#6c4bd8,#26c6da)',
            }}
          >
            {fallbackIcon}
          </Box>
        )}
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 700, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{title}</Typography>
          {subtitle && (
            <Typography variant="body2" color="text.secondary" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {subtitle}
            </Typography>
          )}
        </Box>
      </Box>
      <Box sx={{ display: 'flex', flex: '0 0 auto' }}>
        <IconButton component={RouterLink} to={editTo} aria-label={t('tile.edit', { name: title })} title={t('tile.editShort')}>
          <EditIcon fontSize="small" />
        </IconButton>
        <IconButton onClick={onShare} aria-label={t('tile.share', { name: title })} title={t('tile.shareShort')}>
          <ShareIcon fontSize="small" />
        </IconButton>
        <IconButton onClick={onQr} aria-label={t('tile.qr', { name: title })} title={t('tile.qrShort')}>
          <QrCode2Icon fontSize="small" />
        </IconButton>
        {extraActions}
      </Box>
    </Box>
  );
}
