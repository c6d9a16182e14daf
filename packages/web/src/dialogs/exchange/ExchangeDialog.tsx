import { useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import { useMutation } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type Control, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import type { TVirtualContact } from '@vbc/shared/contact';
import { isLocale } from '@vbc/shared/i18n/locales';
import { EXCHANGE_CONTACT_MISSING, EXCHANGE_PHONE_INVALID, LEAD_NOTE_MAX_LENGTH, ZExchangeRequest } from '@vbc/shared/leads';
import { onExchangeOutcome, submitExchange, type TExchangeSubmission } from '../../exchange/exchange-outbox.ts';
import { useSession } from '../../session/SessionContext.tsx';
import AppDialog from '../AppDialog.tsx';
import {
  EXCHANGE_GONE,
  EXCHANGE_TOO_MANY,
  exchangeProblem,
  firstNameOf,
  pageSource,
  type TExchangeField,
  type TExchangeFormValues,
} from './exchange-form.ts';
import { useTranslation } from 'react-i18next';
import { useProblemText } from '../../i18n/problem-text.ts';

type TRequest = z.output<typeof ZExchangeRequest>;
const resolver = zodResolver(ZExchangeRequest) as unknown as Resolver<TExchangeFormValues, unknown, TRequest>;

/** Visually hidden, still in the page (the honeypot: people never see it, form-filling bots do). */
const HIDDEN = {
  position: 'absolute',
  left: '-10000px',
  top: 'auto',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
} as const;

type TMode = 'card' | 'manual';

/** The exchange form's messages in the active language: the schema's (ZExchangeRequest) and a refusal's. */
function useExchangeProblemText() {
  const { t } = useTranslation('card');
  const known = useMemo(
    () => ({
      [EXCHANGE_CONTACT_MISSING]: t('exchange.problems.contactMissing'),
      [EXCHANGE_PHONE_INVALID]: t('exchange.problems.phoneInvalid'),
      'Tick the box to agree.': t('exchange.problems.consent'),
      'Needs an e-mail address.': t('exchange.problems.needsEmail'),
      [EXCHANGE_TOO_MANY]: t('exchange.problems.tooMany'),
      [EXCHANGE_GONE]: t('exchange.problems.gone'),
    }),
    [t],
  );
  return useProblemText(known);
}
type TView = { kind: 'form' } | { kind: 'saved'; clientRequestId: string } | { kind: 'sent' };

/**
 * Issue 26 "Exchange Contact": the visitor leaves their details with the card's owner. A
 * signed-in visitor first sees "Send my card" (one of their own cards, with their account's name
 * and e-mail); anyone can fill in the form. Sent at once, or kept on the device without a
 * network and sent when it returns (`exchange/exchange-outbox.ts`), exactly once.
 */
export default function ExchangeDialog({ contact, onClose }: { contact: TVirtualContact; onClose: () => void }) {
  const { status, account } = useSession();
  const { t, i18n } = useTranslation('card');
  const problemText = useExchangeProblemText();
  const firstName = firstNameOf(contact) ?? t('exchange.theOwner');
  const ownerName = `${contact.firstName} ${contact.lastName}`.trim() || t('exchange.theOwner');
  const openedAt = useRef(Date.now());
  const ownCards = useMemo(
    () => (status === 'signedIn' ? (account?.virtualContacts ?? []).filter((c) => c.virtualContactId !== contact.virtualContactId) : []),
    [status, account, contact.virtualContactId],
  );
  const [mode, setMode] = useState<TMode>(() => (ownCards.length > 0 ? 'card' : 'manual'));
  const [view, setView] = useState<TView>({ kind: 'form' });
  const signedIn = status === 'signedIn' && account ? account : null;

  const form = useForm<TExchangeFormValues, unknown, TRequest>({
    resolver,
    defaultValues: {
      name: signedIn?.accountName ?? '',
      email: signedIn?.accountEmail ?? '',
      phone: signedIn?.accountPhoneNumber ?? '',
      company: '',
      jobTitle: '',
      note: '',
      consent: false,
      sendMeTheCard: true,
      fromVbcId: ownCards[0]?.virtualContactId ?? null,
      clientRequestId: crypto.randomUUID(),
      source: pageSource(),
      website: '',
      fillMs: null,
    },
    mode: 'onTouched',
    reValidateMode: 'onSubmit',
  });
  const topError = problemText(form.formState.errors.root?.server?.message);

  const sending = useMutation({
    // Always run: offline, the window keeps the details on the device rather than waiting paused.
    networkMode: 'always',
    mutationFn: (request: TRequest): Promise<TExchangeSubmission> =>
      submitExchange(contact.virtualContactId, request as TRequest & { clientRequestId: string }),
    onSuccess: (result, request) =>
      setView(result.kind === 'sent' ? { kind: 'sent' } : { kind: 'saved', clientRequestId: request.clientRequestId }),
    onError: (error) => {
      const problem = exchangeProblem(error);
      for (const [field, message] of Object.entries(problem.fields)) form.setError(field as never, { type: 'server', message });
      const hidden = mode === 'card' && (problem.fields.name || problem.fields.email || problem.fields.phone);
      if (hidden) setMode('manual');
      if (problem.top) form.setError('root.server', { type: 'server', message: problem.top });
    },
  });

  // A kept submission sent later while the window is still open: it says so.
  const savedId = view.kind === 'saved' ? view.clientRequestId : null;
  useEffect(() => {
    if (!savedId) return;
    return onExchangeOutcome((outcome) => {
      if (outcome.clientRequestId === savedId && outcome.kind === 'sent') setView({ kind: 'sent' });
    });
  }, [savedId]);

  const send = form.handleSubmit(
    (values) => {
      if (sending.isPending) return;
      const fromVbcId = mode === 'card' ? (values.fromVbcId ?? null) : null;
      // The window's language goes with it: the consent is stored as the visitor read it (issue 31).
      const language = isLocale(i18n.language) ? i18n.language : null;
      sending.mutate({ ...values, fromVbcId, fillMs: Date.now() - openedAt.current, language });
    },
    (errors) => {
      // Card mode hides the name and contact fields: show them when the account's values do not pass.
      if (mode === 'card' && (errors.name || errors.email || errors.phone)) setMode('manual');
    },
  );

  const title = t('exchange.title', { firstName });
  if (view.kind !== 'form') {
    const sent = view.kind === 'sent';
    return (
      <AppDialog open onClose={onClose} title={title} testId="exchange-dialog">
        <DialogContent>
          <Box role="status" sx={{ display: 'grid', justifyItems: 'center', gap: 1.5, textAlign: 'center', py: 2 }}>
            {sent ? (
              <CheckCircleIcon aria-hidden sx={{ fontSize: 56, color: 'success.main' }} />
            ) : (
              <CloudOffIcon aria-hidden sx={{ fontSize: 56, color: 'warning.main' }} />
            )}
            <Typography sx={{ fontWeight: 600 }}>{sent ? t('exchange.sent', { firstName }) : t('exchange.saved')}</Typography>
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button variant="contained" autoFocus onClick={onClose}>
            {t('common:actions.close')}
          </Button>
        </DialogActions>
      </AppDialog>
    );
  }

  const busy = sending.isPending;
  return (
    <AppDialog open onClose={onClose} title={title} testId="exchange-dialog">
      <Box component="form" noValidate onSubmit={send} aria-label={title}>
        <DialogContent sx={{ pt: 0 }}>
          {ownCards.length > 0 && (
            <Tabs
              value={mode}
              onChange={(_, next: TMode) => {
                form.clearErrors();
                setMode(next);
              }}
              variant="fullWidth"
              sx={{ mb: 2 }}
            >
              <Tab value="card" label={t('exchange.sendMyCard')} />
              <Tab value="manual" label={t('exchange.fillInTheForm')} />
            </Tabs>
          )}
          {topError && (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="exchange-error">
              {topError}
            </Alert>
          )}
          <Stack sx={{ gap: 1.5 }}>
            {mode === 'card' && signedIn ? (
              <>
                <Typography color="text.secondary">
                  {signedIn.accountEmail || signedIn.accountPhoneNumber
                    ? t('exchange.cardModeWithContact', {
                        firstName,
                        name: signedIn.accountName,
                        contact: signedIn.accountEmail || signedIn.accountPhoneNumber,
                      })
                    : t('exchange.cardMode', { firstName, name: signedIn.accountName })}
                </Typography>
                <Controller
                  name="fromVbcId"
                  control={form.control}
                  render={({ field, fieldState }) => (
                    <TextField
                      select
                      autoFocus
                      label={t('exchange.yourCard')}
                      size="small"
                      name={field.name}
                      value={field.value ?? ''}
                      inputRef={field.ref}
                      onChange={field.onChange}
                      error={!!fieldState.error}
                      helperText={problemText(fieldState.error?.message)}
                    >
                      {ownCards.map((c) => (
                        <MenuItem key={c.virtualContactId} value={c.virtualContactId}>
                          {`${c.firstName ?? ''} ${c.lastName ?? ''}`.trim() || c.name || t('exchange.untitledCard')}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
              </>
            ) : (
              <ManualFields control={form.control} problemText={problemText} />
            )}
            <Box>
              <Controller
                name="consent"
                control={form.control}
                render={({ field, fieldState }) => (
                  <>
                    <FormControlLabel
                      sx={{ alignItems: 'flex-start', mr: 0 }}
                      control={
                        <Checkbox
                          name={field.name}
                          checked={field.value}
                          onChange={(e) => field.onChange(e.target.checked)}
                          onBlur={field.onBlur}
                          slotProps={{ input: { ref: field.ref, 'aria-invalid': !!fieldState.error, 'aria-required': true } as object }}
                          sx={{ mt: -0.75 }}
                        />
                      }
                      label={t('exchange.consent', { ownerName })}
                    />
                    {fieldState.error && <FormHelperText error>{problemText(fieldState.error.message)}</FormHelperText>}
                  </>
                )}
              />
              <Controller
                name="sendMeTheCard"
                control={form.control}
                render={({ field, fieldState }) => (
                  <>
                    <FormControlLabel
                      sx={{ mr: 0 }}
                      control={
                        <Checkbox
                          name={field.name}
                          checked={field.value}
                          onChange={(e) => field.onChange(e.target.checked)}
                          onBlur={field.onBlur}
                          slotProps={{ input: { ref: field.ref, 'aria-invalid': !!fieldState.error } as object }}
                        />
                      }
                      label={t('exchange.sendMeTheCard', { firstName })}
                    />
                    {fieldState.error && <FormHelperText error>{problemText(fieldState.error.message)}</FormHelperText>}
                  </>
                )}
              />
            </Box>
          </Stack>
          <Box aria-hidden sx={HIDDEN}>
            <label htmlFor="exchange-website">{t('exchange.website')}</label>
            <input id="exchange-website" type="text" tabIndex={-1} autoComplete="off" {...form.register('website')} />
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            {t('exchange.send')}
          </Button>
        </DialogActions>
      </Box>
    </AppDialog>
  );
}

/** Name, e-mail, phone, company, job title and note, each under its label with the schema's message. */
function ManualFields({
  control,
  problemText,
}: {
  control: Control<TExchangeFormValues, unknown, TRequest>;
  problemText: (message: string | undefined) => string | undefined;
}) {
  const { t } = useTranslation('card');
  const text = (
    name: Exclude<TExchangeField, 'consent' | 'sendMeTheCard' | 'fromVbcId'>,
    label: string,
    extra: Partial<{ type: string; autoComplete: string; required: boolean; autoFocus: boolean; multiline: boolean }> = {},
  ) => (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          size="small"
          name={field.name}
          value={field.value}
          inputRef={field.ref}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={!!fieldState.error}
          helperText={
            problemText(fieldState.error?.message) ??
            (name === 'note'
              ? t('exchange.noteLength', { length: field.value.length, max: LEAD_NOTE_MAX_LENGTH })
              : name === 'phone'
                ? t('exchange.phoneHint')
                : undefined)
          }
          type={extra.type}
          required={extra.required}
          autoFocus={extra.autoFocus}
          multiline={extra.multiline}
          minRows={extra.multiline ? 2 : undefined}
          slotProps={{ htmlInput: { autoComplete: extra.autoComplete } }}
        />
      )}
    />
  );
  return (
    <>
      {text('name', t('exchange.fields.name'), { required: true, autoComplete: 'name', autoFocus: true })}
      {text('email', t('exchange.fields.email'), { type: 'email', autoComplete: 'email' })}
      {text('phone', t('exchange.fields.phone'), { type: 'tel', autoComplete: 'tel' })}
      {text('company', t('exchange.fields.company'), { autoComplete: 'organization' })}
      {text('jobTitle', t('exchange.fields.jobTitle'), { autoComplete: 'organization-title' })}
      {text('note', t('exchange.fields.note'), { multiline: true })}
    </>
  );
}
