import { useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { DIALOG_MAX_WIDTH } from '@vbc/shared/constants';
import { MESSAGE_MAX_LENGTH } from '../../messaging/limits.ts';
import { initiateConversation } from '../../api/conversations.ts';
import { errorText } from '../../api/http.ts';
import type { TClientEvents } from '../../platform/events.ts';
import type { TPersonalAccount } from '../../api/accounts.ts';
import AppDialog from '../AppDialog.tsx';
import { canSend, cardName, MESSAGE_SENT_TEXT } from './send-rules.ts';

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
  const cards = account.virtualContacts;
  const [from, setFrom] = useState<string>(cards[0]?.virtualContactId ?? '');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const attempt = useRef<{ text: string; from: string; clientMessageId: string } | null>(null);

  const enabled = canSend({ message, from, hasCards: cards.length > 0 }) && !busy;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!enabled) return;
    const text = message.trim();
    if (!attempt.current || attempt.current.text !== text || attempt.current.from !== from) {
      attempt.current = { text, from, clientMessageId: crypto.randomUUID() };
    }
    setBusy(true);
    setError(null);
    try {
      const conversation = await initiateConversation({
        toVbcId: contact.virtualContactId,
        fromVbcId: cards.length > 0 ? from : undefined,
        message: text,
        clientMessageId: attempt.current.clientMessageId,
      });
      setSentTo(conversation.personalConversationId);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const recipient = cardName(contact);

  if (sentTo) {
    return (
      <AppDialog open onClose={onClose} maxWidth={DIALOG_MAX_WIDTH} testId="send-message-dialog" title="Send Message">
        <DialogContent sx={{ textAlign: 'center', pt: 1 }}>
          <CheckCircleIcon color="success" sx={{ fontSize: 56, mb: 1 }} aria-hidden />
          <Typography role="status" variant="h6" sx={{ fontWeight: 700 }}>
            {MESSAGE_SENT_TEXT}
          </Typography>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="inherit">
            Close
          </Button>
          <Button variant="contained" onClick={() => onOpenConversation(sentTo)}>
            Open Conversation
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
      title="Send Message"
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '4px !important' }}>
          <Box>
            <Typography variant="caption" color="text.secondary">
              To
            </Typography>
            <Typography data-testid="send-message-recipient" sx={{ fontWeight: 600 }}>
              {recipient}
            </Typography>
          </Box>
          {cards.length > 0 && (
            <TextField
              select
              label="From"
              value={from}
              onChange={(e) => setFrom(e.target.value)}
              disabled={busy}
              slotProps={{ htmlInput: { 'data-testid': 'send-message-from' } }}
            >
              {cards.map((card) => (
                <MenuItem key={card.virtualContactId} value={card.virtualContactId}>
                  {cardName(card)}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField
            label="Message"
            value={message}
            onChange={(e) => {
              setMessage(e.target.value);
              if (error) setError(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) void submit();
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
        </DialogContent>
        {busy && <LinearProgress sx={{ mx: 3 }} />}
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="inherit" disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={!enabled}>
            Send
          </Button>
        </DialogActions>
      </Box>
    </AppDialog>
  );
}
