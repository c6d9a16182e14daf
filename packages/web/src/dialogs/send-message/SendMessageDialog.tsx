import { useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useMutation } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { ZInitiateConversation } from '@vbc/shared/conversation';
import { DIALOG_MAX_WIDTH } from '@vbc/shared/constants';
import { MESSAGE_MAX_LENGTH } from '../../messaging/limits.ts';
import { initiateConversation } from '../../api/conversations.ts';
import { errorText } from '../../api/error-text.ts';
import type { TClientEvents } from '../../platform/events.ts';
import type { TPersonalAccount } from '../../api/accounts.ts';
import AppDialog from '../AppDialog.tsx';
import { canSend, cardName } from './send-rules.ts';

/** What the window asks for, as the shared request schema checks it. */
const ZSendMessageForm = ZInitiateConversation.pick({ fromVbcId: true, message: true });

export interface TSendMessageDialogProps {
  contact: TClientEvents['sendMessage']['contact'];
  account: TPersonalAccount;
  onClose: () => void;
  /** Opens /messages/{personalConversationId}. */
  onOpenConversation: (personalConversationId: string) => void;
}

/**
 * docs/contracts.md §2 Send Message window (max width 440): the recipient, a From selector only when the
 * user owns cards (the first preselected), the Message field, Send and Cancel. Send is disabled
 * per docs/contracts.md §5. A failure shows under the field (docs/contracts.md §4/§8); a success shows
 * 'Your message has been sent!' with Open Conversation and Close. A retry of the same text reuses
 * its clientMessageId, so a send whose answer was lost is never delivered twice.
 */
export default function SendMessageDialog({ contact, account, onClose, onOpenConversation }: TSendMessageDialogProps) {
  const { t } = useTranslation('app');
  const cards = account.virtualContacts;
  const form = useForm({
    resolver: zodResolver(ZSendMessageForm),
    defaultValues: { fromVbcId: cards[0]?.virtualContactId ?? '', message: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const [from, message] = useWatch({ control: form.control, name: ['fromVbcId', 'message'] });
  const attempt = useRef<{ text: string; from: string; clientMessageId: string } | null>(null);
  const sending = useMutation({
    mutationFn: initiateConversation,
    onError: (err) => form.setError('message', { type: 'server', message: errorText(err) }),
  });
  const busy = sending.isPending;
  const sentTo = sending.data?.personalConversationId ?? null;

  const enabled = canSend({ message, from: from ?? '', hasCards: cards.length > 0 }) && !busy;

  const send = form.handleSubmit(({ fromVbcId, message: text }) => {
    const speakAs = fromVbcId ?? '';
    if (!attempt.current || attempt.current.text !== text || attempt.current.from !== speakAs) {
      attempt.current = { text, from: speakAs, clientMessageId: crypto.randomUUID() };
    }
    sending.mutate({
      toVbcId: contact.virtualContactId,
      fromVbcId: cards.length > 0 ? fromVbcId : undefined,
      message: text,
      clientMessageId: attempt.current.clientMessageId,
    });
  });
  // Send stays disabled until there is a message (and a From card): no empty message is ever checked.
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (enabled) void send(event);
  };
  const error = form.formState.errors.message?.message ?? null;

  const recipient = cardName(contact) || t('sendMessage.thisCard');

  if (sentTo) {
    return (
      <AppDialog open onClose={onClose} maxWidth={DIALOG_MAX_WIDTH} testId="send-message-dialog" title={t('sendMessage.title')}>
        <DialogContent sx={{ textAlign: 'center', pt: 1 }}>
          <CheckCircleIcon color="success" sx={{ fontSize: 56, mb: 1 }} aria-hidden />
          <Typography role="status" variant="h6" sx={{ fontWeight: 700 }}>
            {t('sendMessage.sent')}
          </Typography>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="inherit">
            {t('actions.close')}
          </Button>
          <Button variant="contained" onClick={() => onOpenConversation(sentTo)}>
            {t('sendMessage.openConversation')}
          </Button>
        </DialogActions>
      </AppDialog>
    );
  }

  return (
    <AppDialog
      open
      onClose={busy ? () => undefined : onClose}
      maxWidth={DIALOG_MAX_WIDTH}
      testId="send-message-dialog"
      title={t('sendMessage.title')}
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '4px !important' }}>
          <Box>
            <Typography variant="caption" color="text.secondary">
              {t('sendMessage.to')}
            </Typography>
            <Typography data-testid="send-message-recipient" sx={{ fontWeight: 600 }}>
              {recipient}
            </Typography>
          </Box>
          {cards.length > 0 && (
            <Controller
              name="fromVbcId"
              control={form.control}
              render={({ field }) => (
                <TextField
                  select
                  label={t('sendMessage.from')}
                  name={field.name}
                  value={field.value ?? ''}
                  inputRef={field.ref}
                  onChange={field.onChange}
                  disabled={busy}
                  slotProps={{ htmlInput: { 'data-testid': 'send-message-from' } }}
                >
                  {cards.map((card) => (
                    <MenuItem key={card.virtualContactId} value={card.virtualContactId}>
                      {cardName(card) || t('sendMessage.thisCard')}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          )}
          <Controller
            name="message"
            control={form.control}
            render={({ field }) => (
              <TextField
                label={t('sendMessage.message')}
                name={field.name}
                value={field.value}
                inputRef={field.ref}
                onChange={(e) => {
                  field.onChange(e);
                  if (error) form.clearErrors('message');
                }}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) submit();
                }}
                multiline
                minRows={3}
                maxRows={8}
                autoFocus
                disabled={busy}
                error={Boolean(error)}
                helperText={error ?? ' '}
                slotProps={{
                  htmlInput: { 'data-testid': 'send-message-text', maxLength: MESSAGE_MAX_LENGTH },
                  formHelperText: { role: error ? 'alert' : undefined } as object,
                }}
              />
            )}
          />
        </DialogContent>
        {busy && <LinearProgress sx={{ mx: 3 }} />}
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="inherit" disabled={busy}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!enabled}>
            {t('sendMessage.send')}
          </Button>
        </DialogActions>
      </Box>
    </AppDialog>
  );
}
