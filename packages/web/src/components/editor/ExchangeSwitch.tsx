import { useTranslation } from 'react-i18next';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import SwitchSection from './SwitchSection.tsx';

/**
 * The card's `exchangeEnabled` (issue 26, on by default): on, the card shows "Exchange Contact"
 * and visitors can leave their details (they arrive in Leads); off, the button is gone and the
 * exchange API answers 404. Bound by whatever form holds the card (a value and its setter).
 */
export default function ExchangeSwitch({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation('editor');
  return (
    <SwitchSection
      id="exchange"
      icon={<SwapHorizIcon />}
      title={t('exchange.title')}
      hint={t('exchange.hint')}
      label={t('exchange.label')}
      checked={checked}
      onChange={onChange}
    />
  );
}
