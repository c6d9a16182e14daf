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

const STEPS = [
  { title: 'Who you are', hint: 'Filled in from your account. This is what people see first.' },
  { title: 'How people reach you', hint: 'Shown on your card as buttons to call and write. You can add more later.' },
  { title: 'Your photo', hint: 'Cards with a face get saved more often. You can skip this for now.' },
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
    <AppDialog open onClose={onClose} title="Set up your card" testId="first-run">
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '4px !important' }}>
        <Box>
          <Typography variant="overline" color="text.secondary" data-testid="first-run-step">
            Step {step + 1} of {STEPS.length}
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
            <Field label="First name" value={form.firstName} onChange={(v) => set('firstName', v)} error={errors.firstName} autoFocus />
            <Field label="Last name" value={form.lastName} onChange={(v) => set('lastName', v)} error={errors.lastName} />
            <Field label="Job title" value={form.jobTitle} onChange={(v) => set('jobTitle', v)} error={errors.jobTitle} />
            <Field label="Organization" value={form.organization} onChange={(v) => set('organization', v)} error={errors.organization} />
          </Box>
        )}
        {step === 1 && (
          <Box sx={{ display: 'grid', gap: 1.5 }}>
            <Field label="E-mail" type="email" value={email} onChange={setEmail} error={errors['emails.0.email']} autoFocus />
            <Field label="Mobile phone" type="tel" value={phone} onChange={setPhone} error={errors['phones.0.phoneNumber']} />
          </Box>
        )}
        {step === 2 && <PictureUpload form={form} set={set} testId="first-run-picture-input" />}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
        <Button color="inherit" onClick={onClose} sx={{ mr: 'auto' }}>
          Skip set-up
        </Button>
        {step > 0 && (
          <Button color="inherit" onClick={() => setStep(step - 1)}>
            Back
          </Button>
        )}
        {last ? (
          <Button variant="contained" onClick={() => finish.mutate()} disabled={saving}>
            Finish
          </Button>
        ) : (
          <Button variant="contained" onClick={() => setStep(step + 1)}>
            Next
          </Button>
        )}
      </DialogActions>
    </AppDialog>
  );
}
