import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** One console screen's part: an h2 under the console's h1, a line saying what it is, then its content. */
export function ConsoleSection({
  title,
  description,
  action,
  children,
}: {
  title: string;
  description?: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Box>
          <Typography id={id} variant="h5" component="h2" sx={{ fontWeight: 800 }}>
            {title}
          </Typography>
          {description && <Typography color="text.secondary">{description}</Typography>}
        </Box>
        {action}
      </Box>
      {children}
    </Box>
  );
}

/** The rows of a console list. */
export function ConsoleList({ children, label }: { children: ReactNode; label: string }) {
  return (
    <Box component="ul" aria-label={label} sx={{ p: 0, m: 0, listStyle: 'none', display: 'grid', gap: 1.25 }}>
      {children}
    </Box>
  );
}

/** One row of a console list: what it is on the left, its actions on the right. */
export function ConsoleRow({ children, actions, testId }: { children: ReactNode; actions?: ReactNode; testId?: string }) {
  return (
    <Box
      component="li"
      data-testid={testId}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        flexWrap: 'wrap',
        p: 1.5,
        borderRadius: '16px',
        bgcolor: 'background.paper',
        border: '1px solid rgba(255,255,255,0.07)',
      }}
    >
      <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>{children}</Box>
      {actions && <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>{actions}</Box>}
    </Box>
  );
}
