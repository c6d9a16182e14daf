import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import FacebookIcon from '@mui/icons-material/Facebook';
import IosShareIcon from '@mui/icons-material/IosShare';
import { QR } from '@vbc/shared/constants';
import { facebookShareUrl } from '@vbc/shared/links';
import StyledQr from '../components/qr/StyledQr.tsx';
import AppDialog from './AppDialog.tsx';

/** How long the "copied to clipboard" flash stays. */
const COPIED_FLASH_MS = 1500;

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Older browsers / insecure origins: select-and-copy fallback.
    const area = document.createElement('textarea');
    area.value = text;
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

export interface TShareLinkDialogProps {
  /** The public link to share; null keeps the dialog closed. */
  link: string | null;
  title: string;
  /** What the QR code shows, for screen readers. */
  qrLabel: string;
  /** A picture in the middle of the QR code (docs/contracts.md §9 image size 0.4). */
  qrImage?: string | null;
  /** Title and text handed to the native share sheet. */
  shareTitle: string;
  shareText: string;
  testId: string;
  linkTestId: string;
  onClose: () => void;
}

/**
 * docs/contracts.md §2 share window, for a card or a pet: QR code of the link (docs/contracts.md §9
 * styling), the link with copy and a "copied to clipboard" flash, native
 * Share when the browser has it, Share To Facebook.
 */
export default function ShareLinkDialog(props: TShareLinkDialogProps) {
  const { link, title, qrLabel, qrImage, shareTitle, shareText, testId, linkTestId, onClose } = props;
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = window.setTimeout(() => setCopied(false), COPIED_FLASH_MS);
    return () => window.clearTimeout(t);
  }, [copied]);

  const canShare = typeof navigator.share === 'function';
  const nativeShare = async () => {
    try {
      await navigator.share({ title: shareTitle, text: shareText, url: link ?? '' });
    } catch {
      // The user closed the share sheet.
    }
  };

  return (
    <AppDialog open={!!link} onClose={onClose} title={title} testId={testId}>
      <DialogContent>
        <Stack sx={{ gap: 2.5, alignItems: 'stretch' }}>
          <Box sx={{ maxWidth: QR.size, width: '100%', mx: 'auto' }}>
            {link && <StyledQr data={link} image={qrImage ?? null} label={qrLabel} />}
          </Box>
          <TextField
            value={link ?? ''}
            label="Link"
            size="small"
            fullWidth
            slotProps={{
              htmlInput: {
                readOnly: true,
                'data-testid': linkTestId,
                onFocus: (e: React.FocusEvent<HTMLInputElement>) => e.target.select(),
              },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton aria-label="Copy link" edge="end" onClick={async () => setCopied(await copyText(link ?? ''))}>
                      <ContentCopyIcon fontSize="small" />
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
          <Typography
            role="status"
            variant="body2"
            color="success.main"
            sx={{ minHeight: 20, mt: -1.5, textAlign: 'center', fontWeight: 600 }}
          >
            {copied ? 'copied to clipboard' : ''}
          </Typography>
          <Stack direction="row" sx={{ gap: 1.5, justifyContent: 'center', flexWrap: 'wrap' }}>
            {canShare && (
              <Button variant="contained" startIcon={<IosShareIcon />} onClick={nativeShare}>
                Share
              </Button>
            )}
            <Button
              variant="outlined"
              startIcon={<FacebookIcon />}
              href={facebookShareUrl(link ?? '')}
              target="_blank"
              rel="noopener noreferrer"
            >
              Share To Facebook
            </Button>
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit">
          Close
        </Button>
      </DialogActions>
    </AppDialog>
  );
}
