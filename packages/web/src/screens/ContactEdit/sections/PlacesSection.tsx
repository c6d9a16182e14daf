import PlaceIcon from '@mui/icons-material/Place';
import EditorSection from '../../../components/editor/EditorSection.tsx';
import LocationRows from '../../../components/editor/LocationRows.tsx';
import type { TSectionProps } from './types.ts';

/** Locations: title, address, city, country, Google place id. */
export default function PlacesSection({ form, set, errors }: TSectionProps) {
  return (
    <EditorSection id="places" icon={<PlaceIcon />} title="Places" hint="Office, studio or shop. Opens in maps.">
      <LocationRows rows={form.locations} onChange={(update) => set('locations', update)} errors={errors} path="locations" />
    </EditorSection>
  );
}
