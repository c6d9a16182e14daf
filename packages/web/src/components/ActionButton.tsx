import type { MouseEvent, ReactNode } from 'react';
import ButtonBase from '@mui/material/ButtonBase';
import type { SxProps, Theme } from '@mui/material/styles';

export interface TActionButtonProps {
  children: ReactNode;
  /** 'contained': filled with `color`; 'outlined': a light outline. */
  variant?: 'contained' | 'outlined';
  /** Fill of a contained button (any CSS colour or theme path); the primary fill by default. With white text it must hold 4.5:1 (theme.ts `fillForWhiteText`). */
  color?: string;
  /** Text colour of a contained button. */
  textColor?: string;
  startIcon?: ReactNode;
  href?: string;
  /** A link that downloads: true, or the name to save the file under. */
  download?: boolean | string;
  target?: string;
  rel?: string;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  disabled?: boolean;
  size?: 'medium' | 'large';
  sx?: SxProps<Theme>;
  'data-testid'?: string;
  /** A download link whose file goes to the share sheet where it can (platform/share-file.ts): the file's media type. */
  'data-share-file'?: string;
  className?: string;
}

/**
 * The pill button of the public card. Built on ButtonBase (already on every
 * page for icon buttons) rather than MUI's Button, whose code (and the
 * CircularProgress it carries) would weigh on the card's first load.
 */
export default function ActionButton({
  children,
  variant = 'outlined',
  color = 'primary.dark',
  textColor = '#fff',
  startIcon,
  href,
  download,
  target,
  rel,
  onClick,
  disabled,
  size = 'medium',
  sx,
  ...rest
}: TActionButtonProps) {
  const contained = variant === 'contained';
  const base = {
    gap: 1,
    px: size === 'large' ? 3.5 : 2.25,
    minHeight: size === 'large' ? 48 : 42,
    borderRadius: 999,
    fontSize: size === 'large' ? '1rem' : '0.925rem',
    fontWeight: 600,
    lineHeight: 1.2,
    textAlign: 'center',
    color: contained ? textColor : 'text.primary',
    bgcolor: contained ? color : 'transparent',
    border: contained ? '1px solid transparent' : '1px solid rgba(255,255,255,0.28)',
    transition: 'background-color .15s ease, border-color .15s ease, filter .15s ease',
    '&:hover': contained ? { filter: 'brightness(1.12)' } : { bgcolor: 'rgba(255,255,255,0.07)', borderColor: 'rgba(255,255,255,0.5)' },
    '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
    '&.Mui-disabled': { opacity: 0.5 },
    '& svg': { fontSize: 20 },
  } as const;
  const link = href ? { component: 'a' as const, href, download: download || undefined, target, rel } : {};
  return (
    <ButtonBase {...link} {...rest} onClick={onClick} disabled={disabled} sx={[base, ...(Array.isArray(sx) ? sx : sx ? [sx] : [])]}>
      {startIcon}
      {children}
    </ButtonBase>
  );
}
