import type { ReactNode } from 'react';
import ButtonBase from '@mui/material/ButtonBase';
import type { SxProps, Theme } from '@mui/material/styles';

export interface TRoundButtonProps {
  /** Accessible name (the button shows only an icon). */
  label: string;
  children: ReactNode;
  size?: number;
  href?: string;
  target?: string;
  rel?: string;
  onClick?: () => void;
  title?: string;
  sx?: SxProps<Theme>;
  'data-testid'?: string;
  'data-social'?: string;
  className?: string;
}

/**
 * A round icon button on ButtonBase. MUI's IconButton carries its loading
 * spinner's code; the card's first load does without it.
 */
export default function RoundButton({ label, children, size = 40, href, target, rel, onClick, title, sx, ...rest }: TRoundButtonProps) {
  const link = href ? { component: 'a' as const, href, target, rel } : {};
  return (
    <ButtonBase
      {...link}
      {...rest}
      aria-label={label}
      title={title}
      onClick={onClick}
      sx={[
        {
          width: size,
          height: size,
          borderRadius: '50%',
          color: 'inherit',
          flex: '0 0 auto',
          transition: 'background-color .15s ease, transform .15s ease',
          '&:hover': { bgcolor: 'rgba(255,255,255,0.08)' },
          '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
        },
        ...(Array.isArray(sx) ? sx : sx ? [sx] : []),
      ]}
    >
      {children}
    </ButtonBase>
  );
}
