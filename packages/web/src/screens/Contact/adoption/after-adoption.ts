import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../platform/events.ts';
import { useSession } from '../../../session/SessionContext.tsx';

/**
 * docs/contracts.md §2 "After adoption": the adopted event opens the card's editor
 * (/vbc/edit/{contactId}), shows "Congratulations on new profile!!" and
 * reloads the account, which now holds the card. The editor opens with its first-time set-up.
 */
export function useAfterAdoption(): (contactId: string) => void {
  const navigate = useNavigate();
  const { refreshAccount } = useSession();
  // The adoption form loaded the 'adoption' namespace before the adopted event fires.
  const { i18n } = useTranslation();
  return useCallback(
    (contactId: string) => {
      navigate(`/edit/${encodeURIComponent(contactId)}`, { state: { firstRun: true } });
      notify(i18n.t('adoption:congratulations'), 'success');
      refreshAccount().catch(() => undefined);
    },
    [navigate, refreshAccount, i18n],
  );
}
