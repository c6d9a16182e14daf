import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import BadgeIcon from '@mui/icons-material/Badge';
import EmailIcon from '@mui/icons-material/Email';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PhoneIcon from '@mui/icons-material/Phone';
import type { TLead } from '@vbc/shared/leads';
import { vcardFileName, writeVCard } from '@vbc/shared/vcard';
import { saveBlob } from '../../api/leads.ts';
import { leadTime, leadWork, splitLeadName } from './lead-texts.ts';

/** "Save to my contacts": the lead as a vCard 3.0 file, written by the shared writer. */
function saveToContacts(lead: TLead) {
  const { firstName, lastName } = splitLeadName(lead.name);
  const contact = {
    firstName,
    lastName,
    name: lead.name,
    jobTitle: lead.jobTitle,
    organization: lead.company,
    biography: lead.message,
    phones: lead.phone ? [{ phoneNumber: lead.phone }] : [],
    emails: lead.email ? [{ email: lead.email }] : [],
  };
  saveBlob(new Blob([writeVCard(contact)], { type: 'text/vcard' }), vcardFileName(contact));
}

/** The lead's name, work and where it came from (the heading of its view); a business's admin sees whose card. */
export function LeadHeading({ lead, component = 'h1', showOwner = false }: { lead: TLead; component?: 'h1' | 'h2'; showOwner?: boolean }) {
  const work = leadWork(lead);
  const { t, i18n } = useTranslation('leads');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const via = showOwner && lead.ownerName ? t('heading.ownersCard', { owner: lead.ownerName, card: lead.cardName }) : lead.cardName;
  return (
    <Box sx={{ pr: 6 }}>
      <Typography
        variant="h4"
        component={component}
        sx={{ fontWeight: 850, fontSize: { xs: '1.8rem', sm: '2.2rem' }, overflowWrap: 'anywhere' }}
      >
        {lead.name}
      </Typography>
      {work && <Typography sx={{ overflowWrap: 'anywhere' }}>{work}</Typography>}
      <Typography variant="body2" color="text.secondary">
        {lead.exchangeCount > 1
          ? t('heading.viaShared', {
              via,
              time: leadTime(lead.capturedAt, locale),
              count: lead.exchangeCount,
              last: leadTime(lead.lastExchangedAt, locale),
            })
          : t('heading.via', { via, time: leadTime(lead.capturedAt, locale) })}
      </Typography>
    </Box>
  );
}

/** How to reach the visitor (call, mail, save, their card) and the note they left. */
export function LeadContact({ lead }: { lead: TLead }) {
  const { t } = useTranslation('leads');
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {lead.phone && (
          <Button variant="outlined" startIcon={<PhoneIcon />} href={`tel:${lead.phone.replace(/[\s-]/g, '')}`}>
            {lead.phone}
          </Button>
        )}
        {lead.email && (
          <Button variant="outlined" startIcon={<EmailIcon />} href={`mailto:${lead.email}`} sx={{ textTransform: 'none' }}>
            {lead.email}
          </Button>
        )}
        <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => saveToContacts(lead)}>
          {t('contact.save')}
        </Button>
        {lead.visitorCardId && (
          <Button variant="outlined" startIcon={<BadgeIcon />} component={RouterLink} to={`/${encodeURIComponent(lead.visitorCardId)}`}>
            {t('contact.openCard')}
          </Button>
        )}
      </Box>
      {lead.message && (
        <Paper variant="outlined" sx={{ p: 2, borderRadius: 3 }}>
          <Typography variant="subtitle2" component="h2" sx={{ fontWeight: 700, mb: 0.5 }}>
            {t('contact.note')}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{lead.message}</Typography>
        </Paper>
      )}
    </>
  );
}

/** The consent the visitor gave, and when; how they came. */
export function LeadConsent({ lead }: { lead: TLead }) {
  const { t, i18n } = useTranslation('leads');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
      {lead.source
        ? t('consent.withSource', { time: leadTime(lead.consentAt, locale), text: lead.consentText, source: lead.source })
        : t('consent.text', { time: leadTime(lead.consentAt, locale), text: lead.consentText })}
    </Typography>
  );
}
