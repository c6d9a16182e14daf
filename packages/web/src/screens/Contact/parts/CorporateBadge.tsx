import { Suspense, useEffect, useState } from 'react';
import RoundButton from '../../../components/RoundButton.tsx';
import VerifiedIcon from '@mui/icons-material/Verified';
import type { TVirtualContact } from '@vbc/shared/contact';
import { getCorporateInfo } from '../../../api/contacts.ts';
import { errorText } from '../../../api/error-text.ts';
import { lazyWithQueries } from '../../../query-root/lazy-with-queries.tsx';
import { notify } from '../../../platform/events.ts';
import { useTranslation } from 'react-i18next';

const CorporateProfileDialog = lazyWithQueries(() => import('../../../dialogs/CorporateProfileDialog.tsx'));

/**
 * The verified-business icon of a corporate card (docs/contracts.md §2). It names the
 * company (from the card's corporate info; a failure is a notification, SPEC
 * §8) and opens the 'Verified Business' dialog.
 */
export default function CorporateBadge({ contact, size = 26 }: { contact: TVirtualContact; size?: number }) {
  const { t } = useTranslation('card');
  const [open, setOpen] = useState(false);
  const [company, setCompany] = useState<string | null>(null);
  const profileId = contact.corporateProfileId;

  useEffect(() => {
    if (!contact.isCorporateProfile) return;
    const controller = new AbortController();
    getCorporateInfo(contact.virtualContactId, { signal: controller.signal })
      .then((info) => setCompany(info.name))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) notify(errorText(error), 'warning');
      });
    return () => controller.abort();
  }, [contact.isCorporateProfile, contact.virtualContactId]);

  if (!contact.isCorporateProfile || !profileId) return null;
  const label = company ? t('corporate.badge', { company }) : t('corporate.title');
  return (
    <>
      <RoundButton
        label={label}
        title={label}
        data-testid="corporate-badge"
        onClick={() => setOpen(true)}
        size={size + 10}
        sx={{ color: 'corporate.main' }}
      >
        <VerifiedIcon sx={{ fontSize: size }} />
      </RoundButton>
      {open && (
        <Suspense fallback={null}>
          <CorporateProfileDialog corporateProfileId={profileId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
