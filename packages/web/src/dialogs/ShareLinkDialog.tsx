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
import DownloadIcon from '@mui/icons-material/Download';
import ChatBubbleIcon from '@mui/icons-material/ChatBubble';
import EmailIcon from '@mui/icons-material/Email';
import FacebookIcon from '@mui/icons-material/Facebook';
import IosShareIcon from '@mui/icons-material/IosShare';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import SmsIcon from '@mui/icons-material/Sms';
import TelegramIcon from '@mui/icons-material/Telegram';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { QR } from '@vbc/shared/constants';
import { SHARE_TARGETS, shareTargetUrl, type TShareTarget } from '@vbc/shared/links';
import IconTile from '../components/IconTile.tsx';
import StyledQr from '../components/qr/StyledQr.tsx';
import AppDialog from './AppDialog.tsx';
import { useTranslation } from 'react-i18next';

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

/** Each target's icon; its caption and accessible name (docs/contracts.md §2 "Share To Facebook") come from `useTargetWords`. */
const TARGET_ICON: Record<TShareTarget, React.ReactNode> = {
  Facebook: <FacebookIcon />,
  WhatsApp: <WhatsAppIcon />,
  Messenger: <ChatBubbleIcon />,
  Telegram: <TelegramIcon />,
  LinkedIn: <LinkedInIcon />,
  SMS: <SmsIcon />,
  Email: <EmailIcon />,
};

/** Each target's caption (a brand name, or "E-mail") and the accessible name of its button, in the active language. */
function useTargetWords(): Record<TShareTarget, { caption: string; name: string }> {
  const { t } = useTranslation('card');
  const to = (brand: string) => ({ caption: brand, name: t('share.to', { target: brand }) });
  return {
    Facebook: to('Facebook'),
    WhatsApp: to('WhatsApp'),
    Messenger: to('Messenger'),
    Telegram: to('Telegram'),
    LinkedIn: to('LinkedIn'),
    SMS: { caption: 'SMS', name: t('share.bySms') },
    Email: { caption: t('share.email'), name: t('share.byEmail') },
  };
}

export interface TShareLinkDialogProps {
  /** The public link to share; null keeps the dialog closed. */
  link: string | null;
  /** What the QR code encodes, when not `link` (a card's link tagged `s=qr`, issue 29). */
  qrLink?: string | null;
  /** Files of the QR code to download under it (a card's SVG and print PNG, issue 29). */
  qrDownloads?: readonly { label: string; href: string }[];
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
 * Share first when the browser has it, then plain share links (issue 30: Facebook, WhatsApp,
 * Messenger, Telegram, LinkedIn, SMS, e-mail; no third-party script).
 */
export default function ShareLinkDialog(props: TShareLinkDialogProps) {
  const { link, qrLink, qrDownloads, title, qrLabel, qrImage, shareTitle, shareText, testId, linkTestId, onClose } = props;
  const { t } = useTranslation('card');
  const targetWords = useTargetWords();
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
            {link && <StyledQr data={qrLink ?? link} image={qrImage ?? null} label={qrLabel} />}
          </Box>
          {qrDownloads && qrDownloads.length > 0 && (
            <Box data-testid="qr-downloads" sx={{ display: 'flex', gap: 1, justifyContent: 'center', flexWrap: 'wrap', mt: -1 }}>
              {qrDownloads.map((d) => (
                <Button key={d.href} href={d.href} download size="small" variant="outlined" startIcon={<DownloadIcon />}>
                  {d.label}
                </Button>
              ))}
            </Box>
          )}
          <TextField
            value={link ?? ''}
            label={t('share.link')}
            size="small"
            fullWidth
            slotProps={{
              htmlInput: {
                readOnly: true,
                dir: 'ltr',
                'data-testid': linkTestId,
                onFocus: (e: React.FocusEvent<HTMLInputElement>) => e.target.select(),
              },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton aria-label={t('share.copyLink')} edge="end" onClick={async () => setCopied(await copyText(link ?? ''))}>
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
            {copied ? t('share.copied') : ''}
          </Typography>
          <Box data-testid="share-targets" sx={{ display: 'grid', gap: 1.5 }}>
            {canShare && (
              <Button variant="contained" size="large" startIcon={<IosShareIcon />} onClick={nativeShare}>
                {t('share.title')}
              </Button>
            )}
            <Typography variant="overline" color="text.secondary" component="p" sx={{ lineHeight: 1.5 }}>
              {t('share.shareTo')}
            </Typography>
            <Box
              component="ul"
              sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: 1 }}
            >
              {SHARE_TARGETS.map((target) => {
                const look = { ...targetWords[target], icon: TARGET_ICON[target] };
                const href = shareTargetUrl(target, { url: link ?? '', title: shareTitle, text: shareText });
                const web = href.startsWith('https:');
                return (
                  <li key={target}>
                    <Button
                      href={href}
                      aria-label={look.name}
                      title={look.name}
                      {...(web ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                      color="inherit"
                      sx={{ width: '100%', flexDirection: 'column', gap: 0.5, py: 1, px: 0, textTransform: 'none', minWidth: 0 }}
                    >
                      <IconTile>{look.icon}</IconTile>
                      <Typography
                        variant="caption"
                        component="span"
                        sx={{ maxWidth: '100%', letterSpacing: 0, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
                      >
                        {look.caption}
                      </Typography>
                    </Button>
                  </li>
                );
              })}
            </Box>
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit">
          {t('common:actions.close')}
        </Button>
      </DialogActions>
    </AppDialog>
  );
}
