import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ContactPhoneIcon from '@mui/icons-material/ContactPhone';
import { PHONE_TYPES } from '@vbc/shared/contact';
import { newKey } from '../../../components/editor/list-rows.ts';
import type { TPhoneType } from '../form-model.ts';
import EditorSection, { AddButton } from '../../../components/editor/EditorSection.tsx';
import Field from '../../../components/editor/Field.tsx';
import SortableRow from '../../../components/editor/SortableRow.tsx';
import { useDragSort } from '../../../components/editor/use-drag-sort.ts';
import { listOps } from './list-ops.ts';
import type { TSectionProps } from './types.ts';

/** Phones (with type) and e-mails (with a name such as "Work"). */
export default function ContactSection({ form, set, errors }: TSectionProps) {
  const phones = listOps(set, 'phones');
  const emails = listOps(set, 'emails');
  const phoneSort = useDragSort(phones.move);
  const emailSort = useDragSort(emails.move);
  return (
    <EditorSection id="contact" icon={<ContactPhoneIcon />} title="Phones and e-mails" hint="Saved straight to people's contacts.">
      {form.phones.map((p, i) => (
        <SortableRow
          key={p.key}
          index={i}
          count={form.phones.length}
          sort={phoneSort}
          label={`phone ${i + 1}`}
          onMove={phones.move}
          onRemove={() => phones.remove(i)}
        >
          <Box sx={{ display: 'grid', gap: 1.25, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '130px 1fr' } }}>
            <TextField
              select
              size="small"
              label="Type"
              value={p.type}
              onChange={(e) => phones.update(i, { type: e.target.value as TPhoneType })}
            >
              {PHONE_TYPES.map((t) => (
                <MenuItem key={t} value={t}>
                  {t}
                </MenuItem>
              ))}
            </TextField>
            <Field
              label="Phone number"
              type="tel"
              inputMode="tel"
              value={p.phoneNumber}
              onChange={(v) => phones.update(i, { phoneNumber: v })}
              error={errors[`phones.${i}.phoneNumber`] ?? errors[`phones.${i}`]}
            />
          </Box>
        </SortableRow>
      ))}
      <AddButton onClick={() => phones.add({ key: newKey(), phoneNumber: '', type: 'Mobile' })} disabled={form.phones.length >= 20}>
        + Add a phone
      </AddButton>
      {form.emails.map((e, i) => (
        <SortableRow
          key={e.key}
          index={i}
          count={form.emails.length}
          sort={emailSort}
          label={`e-mail ${i + 1}`}
          onMove={emails.move}
          onRemove={() => emails.remove(i)}
        >
          <Box sx={{ display: 'grid', gap: 1.25, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '1fr 160px' } }}>
            <Field
              label="E-mail"
              type="email"
              value={e.email}
              onChange={(v) => emails.update(i, { email: v })}
              error={errors[`emails.${i}.email`]}
            />
            <Field
              label="Name (e.g. Work)"
              value={e.name}
              onChange={(v) => emails.update(i, { name: v })}
              error={errors[`emails.${i}.name`]}
            />
          </Box>
        </SortableRow>
      ))}
      <AddButton onClick={() => emails.add({ key: newKey(), email: '', name: '' })} disabled={form.emails.length >= 20}>
        + Add an e-mail
      </AddButton>
    </EditorSection>
  );
}
