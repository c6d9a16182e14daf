import Box from '@mui/material/Box';
import PlaceIcon from '@mui/icons-material/Place';
import { newKey } from '../form-model.ts';
import EditorSection, { AddButton } from '../../../components/editor/EditorSection.tsx';
import Field from '../../../components/editor/Field.tsx';
import SortableRow from '../parts/SortableRow.tsx';
import { useDragSort } from '../parts/use-drag-sort.ts';
import { listOps } from './list-ops.ts';
import type { TSectionProps } from './types.ts';

/** Locations: title, address, city, country, Google place id. */
export default function PlacesSection({ form, set, errors }: TSectionProps) {
  const ops = listOps(set, 'locations');
  const sort = useDragSort(ops.move);
  const err = (i: number, f: string) => errors[`locations.${i}.${f}`];
  return (
    <EditorSection id="places" icon={<PlaceIcon />} title="Places" hint="Office, studio or shop. Opens in maps.">
      {form.locations.map((l, i) => (
        <SortableRow
          key={l.key}
          index={i}
          count={form.locations.length}
          sort={sort}
          label={`place ${i + 1}`}
          onMove={ops.move}
          onRemove={() => ops.remove(i)}
        >
          <Field label="Place title" value={l.title} onChange={(v) => ops.update(i, { title: v })} error={err(i, 'title')} />
          <Field
            label="Address"
            value={l.address}
            onChange={(v) => ops.update(i, { address: v })}
            error={err(i, 'address')}
            autoComplete="street-address"
          />
          <Box sx={{ display: 'grid', gap: 1.25, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '1fr 1fr' } }}>
            <Field label="City" value={l.city} onChange={(v) => ops.update(i, { city: v })} error={err(i, 'city')} />
            <Field label="Country" value={l.country} onChange={(v) => ops.update(i, { country: v })} error={err(i, 'country')} />
          </Box>
          <Field
            label="Google place id (optional)"
            value={l.googlePlaceId}
            onChange={(v) => ops.update(i, { googlePlaceId: v })}
            error={err(i, 'googlePlaceId')}
            placeholder="ChIJ…"
          />
        </SortableRow>
      ))}
      <AddButton
        onClick={() =>
          ops.add({ key: newKey(), title: '', address: '', city: '', country: '', googlePlaceId: '', latitude: null, longitude: null })
        }
        disabled={form.locations.length >= 20}
      >
        + Add a place
      </AddButton>
    </EditorSection>
  );
}
