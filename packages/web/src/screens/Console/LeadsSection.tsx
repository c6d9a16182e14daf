import Box from '@mui/material/Box';
import type { TCorporateConsole } from '@vbc/shared/corporate';
import LeadList from '../../components/leads/LeadList.tsx';
import WebhooksSection from '../../components/webhooks/WebhooksSection.tsx';
import { ConsoleSection } from './ConsoleSection.tsx';

/**
 * Issue 26, the console's Leads tab (admins): the leads that came through the members' linked
 * cards, each with the member's name, the team's CSV export, and the business's webhooks.
 */
export default function LeadsSection({ business }: { business: TCorporateConsole }) {
  const scope = { kind: 'business', corporateAccountId: business.corporateAccountId } as const;
  // The team's leads and the business's webhooks are an admin's (the API answers others 403).
  if (business.role !== 'admin') {
    return (
      <ConsoleSection title="Leads" description="Only an admin sees the team's leads and the business's webhooks.">
        <span />
      </ConsoleSection>
    );
  }
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3 }}>
      <ConsoleSection title="Leads" description="Details visitors shared through your members' cards.">
        <LeadList scope={scope} cards={[]} leadLink={null} formats={['csv']} />
      </ConsoleSection>
      <ConsoleSection title="Webhooks">
        <WebhooksSection corporateAccountId={business.corporateAccountId} />
      </ConsoleSection>
    </Box>
  );
}
