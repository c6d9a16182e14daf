import { useTranslation } from 'react-i18next';
import { useId, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import { useMutation } from '@tanstack/react-query';
import { uploadPicture, type TDisplayUpload } from '../../api/files.ts';
import { errorText } from '../../api/error-text.ts';

export interface TImageUploadProps {
  /** Accessible name of the file input and the button ("Upload picture"). */
  label: string;
  /** URL of the current image, or null. */
  src: string | null;
  onUploaded: (upload: TDisplayUpload) => void;
  onRemove?: () => void;
  /** circle (profile), wide (cover) or square (QR). */
  shape?: 'circle' | 'wide' | 'square';
  /** Shown under the button. */
  hint?: ReactNode;
  testId?: string;
}

/**
 * Picks one picture and uploads it at once (JPEG, PNG, WebP, GIF, AVIF; the
 * server re-encodes it and strips its metadata). The server's refusal
 * (too large, not a picture, storage full) is shown under the button.
 */
export default function ImageUpload({ label, src, onUploaded, onRemove, shape = 'circle', hint, testId }: TImageUploadProps) {
  const { t } = useTranslation('editor');
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (file: File) => uploadPicture(file),
    onSuccess: (answer) => onUploaded(answer),
    onError: (e) => setError(errorText(e)),
    onSettled: () => {
      if (input.current) input.current.value = '';
    },
  });
  const busy = upload.isPending;

  const onFile = (file: File | undefined) => {
    if (!file) return;
    setError(null);
    upload.mutate(file);
  };

  const frame =
    shape === 'wide'
      ? { width: '100%', maxWidth: 320, aspectRatio: '16 / 7', borderRadius: '16px' }
      : shape === 'square'
        ? { width: 96, height: 96, borderRadius: '16px' }
        : { width: 96, height: 96, borderRadius: '50%' };

  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
      <Box
        component="button"
        type="button"
        aria-label={label}
        onClick={() => input.current?.click()}
        sx={{
          ...frame,
          flex: shape === 'wide' ? '1 1 220px' : '0 0 auto',
          p: 0,
          cursor: 'pointer',
          overflow: 'hidden',
          position: 'relative',
          border: src ? '1px solid rgba(255,255,255,0.15)' : '1px dashed rgba(154,125,255,0.5)',
          bgcolor: 'rgba(154,125,255,0.06)',
          color: 'primary.main',
          display: 'grid',
          placeItems: 'center',
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        {src ? (
          <Box component="img" src={src} alt="" sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
        ) : (
          <AddPhotoAlternateIcon />
        )}
        {busy && (
          <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', bgcolor: 'rgba(0,0,0,0.55)' }}>
            <CircularProgress size={28} aria-label={t('image.uploading')} />
          </Box>
        )}
      </Box>
      <Box sx={{ display: 'grid', gap: 0.75, flex: '1 1 160px' }}>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button size="small" variant="outlined" component="label" htmlFor={id} disabled={busy}>
            {src ? t('image.replace') : t('image.upload')}
          </Button>
          {src && onRemove && (
            <Button size="small" color="inherit" onClick={onRemove} disabled={busy}>
              {t('image.remove')}
            </Button>
          )}
        </Box>
        {hint && (
          <Typography variant="caption" color="text.secondary">
            {hint}
          </Typography>
        )}
        {error && (
          <Typography variant="caption" color="error.main" role="alert">
            {error}
          </Typography>
        )}
      </Box>
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
        aria-label={label}
        data-testid={testId}
        hidden
        onChange={(e) => onFile(e.target.files?.[0])}
      />
    </Box>
  );
}
