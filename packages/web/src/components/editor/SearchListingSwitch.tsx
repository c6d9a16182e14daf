import { useTranslation } from 'react-i18next';
import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import SwitchSection from './SwitchSection.tsx';

/**
 * The card's `listedInSearchEngines` (issue 29, on by default): off, the card's page asks search
 * engines not to index it (`noindex`); its link still opens for anyone who has it. A PIN-protected
 * card is never indexed, whatever the switch says. Bound by whatever form holds the card.
 */
export default function SearchListingSwitch({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation('editor');
  return (
    <SwitchSection
      id="search-listing"
      icon={<TravelExploreIcon />}
      title={t('searchListing.title')}
      hint={t('searchListing.hint')}
      label={t('searchListing.label')}
      checked={checked}
      onChange={onChange}
    />
  );
}
