import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import type { TCorporateConsole } from '@vbc/shared/corporate';
import type { TLead } from '@vbc/shared/leads';
import LeadList from '../../components/leads/LeadList.tsx';
import { LeadConsent, LeadContact, LeadHeading } from '../../components/leads/LeadSummary.tsx';
import { leadStatusText } from '../../components/leads/lead-texts.ts';
import AppDialog from '../../dialogs/AppDialog.tsx';
import WebhooksSection from '../../components/webhooks/WebhooksSection.tsx';
import { useFormat } from '../../i18n/format.ts';
import { ConsoleSection } from './ConsoleSection.tsx';

/**
 * Issue 26, the console's Leads tab (admins): the leads that came through the members' linked
 * cards, each with the member's name, the team's CSV export, and the business's webhooks.
 */
export default function LeadsSection({ business }: { business: TCorporateConsole }) {
  const { t } = useTranslation('console');
  const [opened, setOpened] = useState<TLead | null>(null);
  const scope = { kind: 'business', corporateAccountId: business.corporateAccountId } as const;
  // The team's leads and the business's webhooks are an admin's (the API answers others 403).
  if (business.role !== 'admin') {
    return (
      <ConsoleSection title={t('sections.leads')} description={t('leads.adminOnly')}>
        <span />
      </ConsoleSection>
    );
  }
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3 }}>
      <ConsoleSection title={t('sections.leads')} description={t('leads.description')}>
        <LeadList scope={scope} cards={[]} leadLink={null} onOpen={setOpened} formats={['csv']} />
        {opened && <TeamLeadDialog lead={opened} onClose={() => setOpened(null)} />}
      </ConsoleSection>
      <ConsoleSection title={t('leads.webhooks')}>
        <WebhooksSection corporateAccountId={business.corporateAccountId} />
      </ConsoleSection>
    </Box>
  );
}

/**
 * A team lead, opened from the console's list (issue 26): what the visitor left, through whose
 * card, and the member's status and tags, to read. Only the card's owner works it (status, note,
 * delete) and opening it here does not mark it seen for them.
 */
function TeamLeadDialog({ lead, onClose }: { lead: TLead; onClose: () => void }) {
  const { t } = useTranslation('console');
  const { t: leadsT } = useTranslation('leads');
  const { locale } = useFormat();
  const status = leadStatusText(leadsT, lead.status);
  const statusLine = lead.tags.length
    ? t('leads.statusAndTags', { status, tags: new Intl.ListFormat(locale, { type: 'unit', style: 'short' }).format(lead.tags) })
    : t('leads.status', { status });
  return (
    <AppDialog open onClose={onClose} title={t('leads.details')} testId="team-lead-dialog">
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <LeadHeading lead={lead} component="h2" showOwner />
        <LeadContact lead={lead} />
        <Typography variant="body2">{statusLine}</Typography>
        <LeadConsent lead={lead} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('leads.close')}</Button>
      </DialogActions>
    </AppDialog>
  );
}
