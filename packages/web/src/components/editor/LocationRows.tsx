import Box from '@mui/material/Box';
import Field from './Field.tsx';
import SortableList from './SortableList.tsx';
import { emptyLocationRow, type TLocationRow, type TRowsProps } from './list-rows.ts';

/** An ordered list of places (title, address, city, country, Google place id): add, edit, drag or move, remove; at most 20. */
export default function LocationRows({ rows, onChange, errors, path, addText = '+ Add a place' }: TRowsProps<TLocationRow>) {
  return (
    <SortableList rows={rows} onChange={onChange} label={(_, i) => `place ${i + 1}`} newRow={emptyLocationRow} max={20} addText={addText}>
      {(l, i, update) => {
        const err = (f: keyof TLocationRow) => errors[`${path}.${i}.${f}`];
        return (
          <>
            <Field label="Place title" value={l.title} onChange={(v) => update({ title: v })} error={err('title')} />
            <Field
              label="Address"
              value={l.address}
              onChange={(v) => update({ address: v })}
              error={err('address')}
              autoComplete="street-address"
            />
            <Box sx={{ display: 'grid', gap: 1.25, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '1fr 1fr' } }}>
              <Field label="City" value={l.city} onChange={(v) => update({ city: v })} error={err('city')} />
              <Field label="Country" value={l.country} onChange={(v) => update({ country: v })} error={err('country')} />
            </Box>
            <Field
              label="Google place id (optional)"
              value={l.googlePlaceId}
              onChange={(v) => update({ googlePlaceId: v })}
              error={err('googlePlaceId')}
              placeholder="ChIJ…"
            />
          </>
        );
      }}
    </SortableList>
  );
}
