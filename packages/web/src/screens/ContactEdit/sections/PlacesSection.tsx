import { useTranslation } from 'react-i18next';
import PlaceIcon from '@mui/icons-material/Place';
import EditorSection from '../../../components/editor/EditorSection.tsx';
import LocationRows from '../../../components/editor/LocationRows.tsx';
import type { TSectionProps } from './types.ts';

/** Locations: title, address, city, country, Google place id. */
export default function PlacesSection({ form, set, errors }: TSectionProps) {
  const { t } = useTranslation('editor');
  return (
    <EditorSection id="places" icon={<PlaceIcon />} title={t('places.title')} hint={t('places.hint')}>
      <LocationRows rows={form.locations} onChange={(update) => set('locations', update)} errors={errors} path="locations" />
    </EditorSection>
  );
}
