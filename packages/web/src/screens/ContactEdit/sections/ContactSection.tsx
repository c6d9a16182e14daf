import { useTranslation } from 'react-i18next';
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
/** A phone type's name in the active language (the stored value stays the English word the API takes). */
function phoneTypeText(t: (key: string) => string, type: TPhoneType): string {
  switch (type) {
    case 'Mobile':
      return t('contact.phoneTypes.mobile');
    case 'Work':
      return t('contact.phoneTypes.work');
    case 'Home':
      return t('contact.phoneTypes.home');
    case 'Fax':
      return t('contact.phoneTypes.fax');
    case 'Other':
      return t('contact.phoneTypes.other');
  }
}

export default function ContactSection({ form, set, errors }: TSectionProps) {
  const { t } = useTranslation('editor');
  const phones = listOps(set, 'phones');
  const emails = listOps(set, 'emails');
  const phoneSort = useDragSort(phones.move);
  const emailSort = useDragSort(emails.move);
  return (
    <EditorSection id="contact" icon={<ContactPhoneIcon />} title={t('contact.title')} hint={t('contact.hint')}>
      {form.phones.map((p, i) => (
        <SortableRow
          key={p.key}
          index={i}
          count={form.phones.length}
          sort={phoneSort}
          label={t('rows.phone', { number: i + 1 })}
          onMove={phones.move}
          onRemove={() => phones.remove(i)}
        >
          <Box sx={{ display: 'grid', gap: 1.25, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '130px 1fr' } }}>
            <TextField
              select
              size="small"
              label={t('contact.type')}
              value={p.type}
              onChange={(e) => phones.update(i, { type: e.target.value as TPhoneType })}
            >
              {PHONE_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {phoneTypeText(t, type)}
                </MenuItem>
              ))}
            </TextField>
            <Field
              label={t('contact.phoneNumber')}
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
        {t('contact.addPhone')}
      </AddButton>
      {form.emails.map((e, i) => (
        <SortableRow
          key={e.key}
          index={i}
          count={form.emails.length}
          sort={emailSort}
          label={t('rows.email', { number: i + 1 })}
          onMove={emails.move}
          onRemove={() => emails.remove(i)}
        >
          <Box sx={{ display: 'grid', gap: 1.25, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '1fr 160px' } }}>
            <Field
              label={t('fields.email')}
              type="email"
              value={e.email}
              onChange={(v) => emails.update(i, { email: v })}
              error={errors[`emails.${i}.email`]}
            />
            <Field
              label={t('contact.emailName')}
              value={e.name}
              onChange={(v) => emails.update(i, { name: v })}
              error={errors[`emails.${i}.name`]}
            />
          </Box>
        </SortableRow>
      ))}
      <AddButton onClick={() => emails.add({ key: newKey(), email: '', name: '' })} disabled={form.emails.length >= 20}>
        {t('contact.addEmail')}
      </AddButton>
    </EditorSection>
  );
}
