import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ContactPageIcon from '@mui/icons-material/ContactPage';
import EmptyState from '../../components/EmptyState.tsx';
import LeadList from '../../components/leads/LeadList.tsx';
import LoadingScreen from '../../components/LoadingScreen.tsx';
import { useSession } from '../../session/SessionContext.tsx';
import LeadDetail from './LeadDetail.tsx';

/**
 * Routes /leads and /leads/:leadId (issue 26): the details visitors left on the account's cards
 * ("Exchange Contact"), newest first, and one lead's view.
 */
export default function LeadsScreen() {
  const { leadId } = useParams();
  const { status, account } = useSession();
  const { t } = useTranslation('leads');

  useEffect(() => {
    if (!leadId) document.title = t('title');
  }, [leadId, t]);

  if (status === 'checking') return <LoadingScreen />;
  if (status !== 'signedIn') return <EmptyState icon={<ContactPageIcon />} title={t('title')} text="" requiresSignIn />;
  if (leadId) return <LeadDetail key={leadId} leadId={leadId} />;

  const cards = (account?.virtualContacts ?? []).map((c) => ({
    id: c.virtualContactId,
    name: `${c.firstName ?? ''} ${c.lastName ?? ''}`.trim() || c.name || t('untitledCard'),
  }));
  return (
    <Box
      component="main"
      sx={{ maxWidth: 760, mx: 'auto', px: 2, pt: { xs: 3, sm: 5 }, pb: 6, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3 }}
    >
      <Box sx={{ pr: 6 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 850, fontSize: { xs: '1.8rem', sm: '2.2rem' } }}>
          {t('title')}
        </Typography>
        <Typography color="text.secondary">{t('intro')}</Typography>
      </Box>
      <LeadList scope={{ kind: 'mine' }} cards={cards} leadLink={(lead) => `/leads/${encodeURIComponent(lead.leadId)}`} />
    </Box>
  );
}
