import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import InsightsIcon from '@mui/icons-material/Insights';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import MailIcon from '@mui/icons-material/EmailOutlined';
import NfcIcon from '@mui/icons-material/Nfc';
import ShareIcon from '@mui/icons-material/Share';
import WallpaperIcon from '@mui/icons-material/Wallpaper';
import WalletIcon from '@mui/icons-material/AccountBalanceWallet';
import type { TVirtualContact } from '@vbc/shared/contact';
import { cardShareUrl } from '@vbc/shared/links';
import { withVisitSource } from '@vbc/shared/visit-source';
import { cardQueries } from '../../../api/queries.ts';
import { emitClientEvent } from '../../../platform/events.ts';
import { addToWallet, useWalletAvailability } from '../../../components/WalletMenuButton.tsx';
import EditorSection from '../../../components/editor/EditorSection.tsx';
import { hasWebNfc } from '../../../platform/nfc.ts';
import EmailSignatureDialog from '../parts/EmailSignatureDialog.tsx';
import NfcTagDialog from '../parts/NfcTagDialog.tsx';
import StatsChart from '../parts/StatsChart.tsx';
import VideoBackgroundDialog from '../parts/VideoBackgroundDialog.tsx';

/** The card's public address: /vbc/{quickId}. */
export const publicCardUrl = (quickId: string) => `${window.location.origin}/vbc/${encodeURIComponent(quickId)}`;

/** The quickId link (copy, share, QR, open) and the views/downloads chart of the last 30 days. */
export default function ShareSection({ card }: { card: TVirtualContact }) {
  const { t } = useTranslation('editor');
  // A failed read leaves the chart out.
  const stats = useQuery(cardQueries.stats(card.virtualContactId, 30)).data ?? null;
  const [copied, setCopied] = useState(false);
  const link = publicCardUrl(card.quickId);
  const wallets = useWalletAvailability();
  // Issue 29: only where the browser can write NFC tags (Chrome on Android).
  const [nfc] = useState(hasWebNfc);
  const [nfcOpen, setNfcOpen] = useState(false);
  const [signatureOpen, setSignatureOpen] = useState(false);
  const [backgroundOpen, setBackgroundOpen] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 1500);
    return () => window.clearTimeout(timer);
  }, [copied]);

  return (
    <EditorSection id="share" icon={<InsightsIcon />} title={t('share.title')}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          p: 1,
          pl: 1.5,
          borderRadius: '16px',
          bgcolor: 'rgba(154,125,255,0.08)',
          border: '1px solid rgba(154,125,255,0.25)',
        }}
      >
        <Typography
          data-testid="quick-link"
          sx={{
            flex: 1,
            minWidth: 0,
            fontFamily: 'ui-monospace, monospace',
            fontSize: '0.9rem',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          }}
        >
          {link.replace(/^https?:\/\//, '')}
        </Typography>
        <IconButton
          aria-label={t('share.copyLink')}
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(withVisitSource(link, 'link'));
              setCopied(true);
            } catch {
              setCopied(false);
            }
          }}
        >
          <ContentCopyIcon fontSize="small" />
        </IconButton>
      </Box>
      <Typography role="status" variant="body2" color="success.main" sx={{ minHeight: 20, mt: -1.5, fontWeight: 600 }}>
        {copied ? t('share.copied') : ''}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: -1 }}>
        <Button variant="contained" startIcon={<ShareIcon />} onClick={() => emitClientEvent('shareContact', { contact: card })}>
          {t('share.share')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<QrCode2Icon />}
          onClick={() =>
            emitClientEvent('qr', {
              title: `${card.firstName} ${card.lastName}`.trim() || card.name,
              code: cardShareUrl(window.location.origin, card, 'qr'),
            })
          }
        >
          {t('share.qr')}
        </Button>
        <Button color="inherit" startIcon={<OpenInNewIcon />} component={RouterLink} to={`/${card.quickId}`}>
          {t('share.open')}
        </Button>
        <Button variant="outlined" startIcon={<MailIcon />} onClick={() => setSignatureOpen(true)}>
          {t('share.signature')}
        </Button>
        <Button variant="outlined" startIcon={<WallpaperIcon />} onClick={() => setBackgroundOpen(true)}>
          {t('share.background')}
        </Button>
        {nfc && (
          <Button variant="outlined" startIcon={<NfcIcon />} onClick={() => setNfcOpen(true)}>
            {t('share.nfc')}
          </Button>
        )}
      </Box>
      <EmailSignatureDialog
        open={signatureOpen}
        cardId={card.virtualContactId}
        name={`${card.firstName} ${card.lastName}`.trim()}
        onClose={() => setSignatureOpen(false)}
      />
      <VideoBackgroundDialog
        open={backgroundOpen}
        cardId={card.virtualContactId}
        name={`${card.firstName} ${card.lastName}`.trim()}
        onClose={() => setBackgroundOpen(false)}
      />
      {nfc && <NfcTagDialog open={nfcOpen} link={cardShareUrl(window.location.origin, card, 'nfc')} onClose={() => setNfcOpen(false)} />}
      {(wallets.apple || wallets.google) && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {wallets.apple && (
            <Button variant="outlined" startIcon={<WalletIcon />} onClick={() => addToWallet('apple', card.virtualContactId)}>
              {t('share.apple')}
            </Button>
          )}
          {wallets.google && (
            <Button variant="outlined" startIcon={<WalletIcon />} onClick={() => addToWallet('google', card.virtualContactId)}>
              {t('share.google')}
            </Button>
          )}
        </Box>
      )}
      {stats ? <StatsChart stats={stats} /> : <Box sx={{ height: 180 }} />}
    </EditorSection>
  );
}
