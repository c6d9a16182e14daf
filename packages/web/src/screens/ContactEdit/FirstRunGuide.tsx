import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import AppDialog from '../../dialogs/AppDialog.tsx';
import { newKey } from '../../components/editor/list-rows.ts';
import type { TCardForm } from './form-model.ts';
import type { TFieldErrors } from '../../components/field-errors.ts';
import Field from '../../components/editor/Field.tsx';
import PictureUpload from './sections/PictureUpload.tsx';
import type { TSetField } from './sections/types.ts';

/** The steps, in the active language (`t` of the `editor` namespace). */
const steps = (t: (key: string) => string) =>
  [
    { title: t('firstRun.steps.who.title'), hint: t('firstRun.steps.who.hint') },
    { title: t('firstRun.steps.reach.title'), hint: t('firstRun.steps.reach.hint') },
    { title: t('firstRun.steps.photo.title'), hint: t('firstRun.steps.photo.hint') },
  ] as const;

interface TFirstRunGuideProps {
  form: TCardForm;
  set: TSetField;
  errors: TFieldErrors;
  /** Saves the card (the editor's Save). */
  save: () => Promise<unknown>;
  onClose: () => void;
}

/**
 * The first-time set-up after adopting a card (issue 13): one short step at a time over the
 * editor (name and title, e-mail and phone, photo), prefilled from the account, skippable at
 * any step; Finish saves the card. Edits the editor's own form, so nothing typed here is lost.
 */
export default function FirstRunGuide({ form, set, errors, save, onClose }: TFirstRunGuideProps) {
  const { t } = useTranslation('editor');
  const STEPS = steps(t);
  const [step, setStep] = useState(0);
  const last = step === STEPS.length - 1;
  const email = form.emails[0]?.email ?? '';
  const phone = form.phones[0]?.phoneNumber ?? '';

  // The first row is the one shown here: emptied, it goes (nothing half-filled to refuse); typed into, it is made.
  const setEmail = (value: string) =>
    set('emails', (rows) =>
      !value
        ? rows.slice(1)
        : rows.length
          ? rows.map((r, i) => (i === 0 ? { ...r, email: value } : r))
          : [{ key: newKey(), email: value, name: '' }],
    );
  const setPhone = (value: string) =>
    set('phones', (rows) =>
      !value
        ? rows.slice(1)
        : rows.length
          ? rows.map((r, i) => (i === 0 ? { ...r, phoneNumber: value } : r))
          : [{ key: newKey(), phoneNumber: value, type: 'Mobile' }],
    );

  /** Saves; refused, the editor shows why beside the field, so the guide makes way. */
  const finish = useMutation({ mutationFn: save, onSuccess: onClose });
  const saving = finish.isPending;

  return (
    <AppDialog open onClose={onClose} title={t('firstRun.title')} testId="first-run">
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '4px !important' }}>
        <Box>
          <Typography variant="overline" color="text.secondary" data-testid="first-run-step">
            {t('firstRun.step', { step: step + 1, count: STEPS.length })}
          </Typography>
          <Box aria-hidden sx={{ display: 'flex', gap: 0.75, mt: 0.5 }}>
            {STEPS.map((s, i) => (
              <Box
                key={s.title}
                sx={{ flex: 1, height: 4, borderRadius: 2, bgcolor: i <= step ? 'primary.main' : 'rgba(255,255,255,0.16)' }}
              />
            ))}
          </Box>
        </Box>
        <Box>
          <Typography component="h3" sx={{ fontWeight: 800, fontSize: '1.15rem' }}>
            {STEPS[step]!.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {STEPS[step]!.hint}
          </Typography>
        </Box>
        {step === 0 && (
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <Field
              label={t('fields.firstName')}
              value={form.firstName}
              onChange={(v) => set('firstName', v)}
              error={errors.firstName}
              autoFocus
            />
            <Field label={t('fields.lastName')} value={form.lastName} onChange={(v) => set('lastName', v)} error={errors.lastName} />
            <Field label={t('fields.jobTitle')} value={form.jobTitle} onChange={(v) => set('jobTitle', v)} error={errors.jobTitle} />
            <Field
              label={t('fields.organization')}
              value={form.organization}
              onChange={(v) => set('organization', v)}
              error={errors.organization}
            />
          </Box>
        )}
        {step === 1 && (
          <Box sx={{ display: 'grid', gap: 1.5 }}>
            <Field label={t('fields.email')} type="email" value={email} onChange={setEmail} error={errors['emails.0.email']} autoFocus />
            <Field label={t('fields.mobilePhone')} type="tel" value={phone} onChange={setPhone} error={errors['phones.0.phoneNumber']} />
          </Box>
        )}
        {step === 2 && <PictureUpload form={form} set={set} testId="first-run-picture-input" />}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
        <Button color="inherit" onClick={onClose} sx={{ mr: 'auto' }}>
          {t('firstRun.skip')}
        </Button>
        {step > 0 && (
          <Button color="inherit" onClick={() => setStep(step - 1)}>
            {t('firstRun.back')}
          </Button>
        )}
        {last ? (
          <Button variant="contained" onClick={() => finish.mutate()} disabled={saving}>
            {t('firstRun.finish')}
          </Button>
        ) : (
          <Button variant="contained" onClick={() => setStep(step + 1)}>
            {t('firstRun.next')}
          </Button>
        )}
      </DialogActions>
    </AppDialog>
  );
}
