import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import SwitchSection from './SwitchSection.tsx';

/** The switch's label (issue 29). */
export const SEARCH_LISTING_LABEL = 'Listed in search engines';

/**
 * The card's `listedInSearchEngines` (issue 29, on by default): off, the card's page asks search
 * engines not to index it (`noindex`); its link still opens for anyone who has it. A PIN-protected
 * card is never indexed, whatever the switch says. Bound by whatever form holds the card.
 */
export default function SearchListingSwitch({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <SwitchSection
      id="search-listing"
      icon={<TravelExploreIcon />}
      title="Search engines"
      hint="Off, search engines are asked not to list your card; its link still works. A card with a PIN is never listed."
      label={SEARCH_LISTING_LABEL}
      checked={checked}
      onChange={onChange}
    />
  );
}
