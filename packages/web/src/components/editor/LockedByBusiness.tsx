import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/Lock';

/**
 * A part of the card editor its business's brand template locks (issue 27): shown read-only (a
 * disabled fieldset: every control inside is disabled) under a lock naming the business. Unlocked,
 * the children as they are.
 */
export default function LockedByBusiness({ label, business, children }: { label: string; business: string | null; children: ReactNode }) {
  const { t } = useTranslation('editor');
  if (business === null) return <>{children}</>;
  return (
    <Box
      component="fieldset"
      disabled
      data-testid="locked-by-business"
      sx={{ border: 0, m: 0, p: 0, minWidth: 0, display: 'grid', gap: 1 }}
    >
      <Box component="legend" sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: 'text.secondary', p: 0, mb: 1 }}>
        <LockIcon fontSize="small" aria-hidden />
        <Typography variant="body2" component="span">
          {t('locked.setBy', { part: label, business })}
        </Typography>
      </Box>
      {children}
    </Box>
  );
}
