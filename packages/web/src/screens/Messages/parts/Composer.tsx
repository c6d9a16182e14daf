import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import PhotoOutlinedIcon from '@mui/icons-material/PhotoOutlined';
import SendIcon from '@mui/icons-material/Send';
import { DOCUMENT_MAX_BYTES, MESSAGE_MAX_LENGTH, PHOTO_MAX_BYTES } from '../../../messaging/limits.ts';

export interface TComposerProps {
  onSend: (text: string) => void;
  onAttach: (file: File, kind: 'photo' | 'document') => void;
  /** Why the conversation cannot take messages (the other side deleted their account). */
  closedReason?: string | null;
  onError: (message: string) => void;
}

/** On a touch screen Enter starts a new line (the send button sends); with a keyboard Enter sends and Shift+Enter breaks the line. */
const enterSends = () => !window.matchMedia?.('(pointer: coarse)').matches;

/** The message field, the attach menu (photo / document) and the send button. */
export default function Composer({ onSend, onAttach, closedReason, onError }: TComposerProps) {
  const { t } = useTranslation('messages');
  const [text, setText] = useState('');
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const photoInput = useRef<HTMLInputElement>(null);
  const documentInput = useRef<HTMLInputElement>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const trimmed = text.trim();
  const tooLong = trimmed.length > MESSAGE_MAX_LENGTH;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!trimmed || tooLong || closedReason) return;
    onSend(trimmed);
    setText('');
    field.current?.focus();
  };

  const pick = (kind: 'photo' | 'document') => (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const max = kind === 'photo' ? PHOTO_MAX_BYTES : DOCUMENT_MAX_BYTES;
    if (file.size > max) {
      onError(t('composer.tooLarge', { kind, megabytes: max / (1024 * 1024) }));
      return;
    }
    onAttach(file, kind);
  };

  if (closedReason) {
    return (
      <Box sx={{ px: 2, py: 1.5, borderTop: '1px solid', borderColor: 'divider', textAlign: 'center' }}>
        <Typography variant="body2" color="text.secondary" data-testid="composer-closed">
          {closedReason}
        </Typography>
      </Box>
    );
  }

  return (
    <Box
      component="form"
      onSubmit={submit}
      sx={{
        display: 'flex',
        alignItems: 'flex-end',
        gap: 0.5,
        px: 1,
        py: 1,
        borderTop: '1px solid',
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <IconButton aria-label={t('composer.attach')} onClick={(e) => setMenu(e.currentTarget)} sx={{ mb: 0.25 }}>
        <AttachFileIcon />
      </IconButton>
      <Menu
        anchorEl={menu}
        open={Boolean(menu)}
        onClose={() => setMenu(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'left' }}
        transformOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <MenuItem
          onClick={() => {
            setMenu(null);
            photoInput.current?.click();
          }}
        >
          <ListItemIcon>
            <PhotoOutlinedIcon fontSize="small" />
          </ListItemIcon>
          {t('composer.photo')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            setMenu(null);
            documentInput.current?.click();
          }}
        >
          <ListItemIcon>
            <DescriptionOutlinedIcon fontSize="small" />
          </ListItemIcon>
          {t('composer.document')}
        </MenuItem>
      </Menu>
      <input ref={photoInput} type="file" accept="image/*" hidden onChange={pick('photo')} data-testid="photo-input" />
      <input ref={documentInput} type="file" hidden onChange={pick('document')} data-testid="document-input" />
      <Box
        sx={{
          flex: 1,
          minWidth: 0,
          bgcolor: 'rgba(255,255,255,0.06)',
          borderRadius: 5,
          px: 2,
          py: 1,
          border: '1px solid',
          borderColor: tooLong ? 'error.main' : 'transparent',
        }}
      >
        <InputBase
          inputRef={field}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing && enterSends()) {
              e.preventDefault();
              submit();
            }
          }}
          placeholder={t('composer.message')}
          multiline
          maxRows={6}
          fullWidth
          inputProps={{ 'aria-label': t('composer.message'), 'data-testid': 'composer-input' }}
          sx={{ fontSize: 15 }}
        />
        {tooLong && (
          <Typography variant="caption" color="error">
            {t('composer.tooLong', { max: MESSAGE_MAX_LENGTH, length: trimmed.length })}
          </Typography>
        )}
      </Box>
      <IconButton
        type="submit"
        aria-label={t('composer.send')}
        disabled={!trimmed || tooLong}
        sx={{
          mb: 0.25,
          bgcolor: 'primary.dark',
          color: '#fff',
          '&:hover': { bgcolor: '#6446e0' },
          '&.Mui-disabled': { bgcolor: 'rgba(255,255,255,0.08)' },
        }}
      >
        <SendIcon fontSize="small" sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
      </IconButton>
    </Box>
  );
}
