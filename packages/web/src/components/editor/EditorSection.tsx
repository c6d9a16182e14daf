import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** A titled panel of the editor, with an anchor id for the section menu. */
export default function EditorSection({
  id,
  icon,
  title,
  hint,
  children,
  action,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  hint?: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={`${id}-title`}
      sx={{
        scrollMarginTop: 80,
        p: { xs: 2, sm: 2.5 },
        borderRadius: '20px',
        bgcolor: 'background.paper',
        border: '1px solid rgba(255,255,255,0.07)',
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr)',
        gap: 2,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Box
          aria-hidden
          sx={{
            width: 36,
            height: 36,
            borderRadius: '12px',
            display: 'grid',
            placeItems: 'center',
            color: 'primary.main',
            bgcolor: 'rgba(154,125,255,0.12)',
            '& svg': { fontSize: 20 },
          }}
        >
          {icon}
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={`${id}-title`} variant="h6" component="h2" sx={{ fontWeight: 700, fontSize: '1.05rem', lineHeight: 1.3 }}>
            {title}
          </Typography>
          {hint && (
            <Typography variant="body2" color="text.secondary">
              {hint}
            </Typography>
          )}
        </Box>
        {action}
      </Box>
      {children}
    </Box>
  );
}

/** A dashed "add" button under a list. */
export function AddButton({ children, onClick, disabled }: { children: ReactNode; onClick: () => void; disabled?: boolean }) {
  return (
    <Box
      component="button"
      type="button"
      onClick={onClick}
      disabled={disabled}
      sx={{
        font: 'inherit',
        fontWeight: 600,
        color: 'primary.main',
        bgcolor: 'transparent',
        cursor: 'pointer',
        border: '1px dashed rgba(154,125,255,0.45)',
        borderRadius: '16px',
        py: 1.25,
        px: 2,
        textAlign: 'center',
        '&:hover': { bgcolor: 'rgba(154,125,255,0.08)' },
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
        '&:disabled': { opacity: 0.5, cursor: 'default' },
      }}
    >
      {children}
    </Box>
  );
}
