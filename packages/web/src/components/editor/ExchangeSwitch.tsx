import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import SwitchSection from './SwitchSection.tsx';

/** The switch's label (issue 26). */
export const EXCHANGE_SWITCH_LABEL = 'Let visitors share their details';

/**
 * The card's `exchangeEnabled` (issue 26, on by default): on, the card shows "Exchange Contact"
 * and visitors can leave their details (they arrive in Leads); off, the button is gone and the
 * exchange API answers 404. Bound by whatever form holds the card (a value and its setter).
 */
export default function ExchangeSwitch({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <SwitchSection
      id="exchange"
      icon={<SwapHorizIcon />}
      title="Exchange Contact"
      hint="Visitors leave their name, e-mail or phone; you find them in Leads."
      label={EXCHANGE_SWITCH_LABEL}
      checked={checked}
      onChange={onChange}
    />
  );
}
