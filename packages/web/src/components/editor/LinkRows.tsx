import Box from '@mui/material/Box';
import Field from './Field.tsx';
import SortableList from './SortableList.tsx';
import { emptyLinkRow, type TLinkRow, type TRowsProps } from './list-rows.ts';

/** An ordered list of links (a URL and a name each): add, edit, drag or move, remove; at most 50. */
export default function LinkRows({ rows, onChange, errors, path, addText = '+ Add a link' }: TRowsProps<TLinkRow>) {
  return (
    <SortableList rows={rows} onChange={onChange} label={(_, i) => `link ${i + 1}`} newRow={emptyLinkRow} max={50} addText={addText}>
      {(l, i, update) => (
        <Box sx={{ display: 'grid', gap: 1.25, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '1fr 1fr' } }}>
          <Field
            label="Link URL"
            type="url"
            inputMode="url"
            placeholder="example.com"
            value={l.linkUrl}
            onChange={(v) => update({ linkUrl: v })}
            error={errors[`${path}.${i}.linkUrl`]}
          />
          <Field label="Link name" value={l.linkName} onChange={(v) => update({ linkName: v })} error={errors[`${path}.${i}.linkName`]} />
        </Box>
      )}
    </SortableList>
  );
}
