import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import EditorSection from './EditorSection.tsx';

/** The switch's label (issue 26). */
export const EXCHANGE_SWITCH_LABEL = 'Let visitors share their details';

/**
 * The card's `exchangeEnabled` (issue 26, on by default): on, the card shows "Exchange Contact"
 * and visitors can leave their details (they arrive in Leads); off, the button is gone and the
 * exchange API answers 404. Bound by whatever form holds the card (a value and its setter).
 */
export default function ExchangeSwitch({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <EditorSection
      id="exchange"
      icon={<SwapHorizIcon />}
      title="Exchange Contact"
      hint="Visitors leave their name, e-mail or phone; you find them in Leads."
    >
      <FormControlLabel control={<Switch checked={checked} onChange={(e) => onChange(e.target.checked)} />} label={EXCHANGE_SWITCH_LABEL} />
    </EditorSection>
  );
}
