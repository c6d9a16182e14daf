import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ContactPageIcon from '@mui/icons-material/ContactPage';
import { leadQueries } from '../../api/leads.ts';
import IconTile from '../IconTile.tsx';

/**
 * Home's way to the Leads screen (issue 26), with the count of leads not opened yet
 * (`newCount`); the hub's LeadReceived refreshes it. A failed count shows the tile without one.
 */
export default function LeadsTile() {
  const count = useQuery(leadQueries.newCount());
  const { t } = useTranslation('leads');
  const n = count.data ?? 0;
  return (
    <Box
      component={RouterLink}
      to="/leads"
      data-testid="home-leads"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        p: 1.5,
        borderRadius: '20px',
        bgcolor: n > 0 ? 'rgba(154,125,255,0.1)' : 'background.paper',
        border: '1px solid rgba(154,125,255,0.25)',
        color: 'inherit',
        textDecoration: 'none',
        '&:hover': { borderColor: 'rgba(154,125,255,0.55)' },
      }}
    >
      <IconTile>
        <ContactPageIcon />
      </IconTile>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 800 }}>{t('title')}</Typography>
        <Typography variant="body2" color="text.secondary" data-testid="home-leads-count">
          {count.isSuccess ? t('tile.newCount', { count: n }) : t('tile.text')}
        </Typography>
      </Box>
      <ChevronRightIcon aria-hidden />
    </Box>
  );
}
