import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import { saveBlob } from '../../../api/leads.ts';
import { cardQueries } from '../../../api/queries.ts';
import AppDialog from '../../../dialogs/AppDialog.tsx';

/** A window that makes a file of the owner's card (the signature, the video background). */
export interface TCardFileDialogProps {
  open: boolean;
  cardId: string;
  /** The card's name (first and last), for the file's name. */
  name: string;
  onClose: () => void;
}

/** The signature as a page of its own, for the download: the same HTML, nothing added but a title. */
const signaturePage = (html: string, title: string) =>
  `<!doctype html>\n<html><head><meta charset="utf-8"><title>${title.replace(/[<&]/g, '')}</title></head><body>\n${html}\n</body></html>\n`;

/** Puts the signature on the clipboard as rich HTML (with its text as plain text); false when the browser refuses. */
async function copyRich(html: string, preview: HTMLElement | null): Promise<boolean> {
  try {
    const text = preview?.innerText ?? '';
    await navigator.clipboard.write([
      new ClipboardItem({ 'text/html': new Blob([html], { type: 'text/html' }), 'text/plain': new Blob([text], { type: 'text/plain' }) }),
    ]);
    return true;
  } catch {
    // Older browsers: select the preview and copy it as the page shows it.
    if (!preview) return false;
    const range = document.createRange();
    range.selectNodeContents(preview);
    const selection = window.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
    const ok = document.execCommand('copy');
    selection?.removeAllRanges();
    return ok;
  }
}

/**
 * Editor → "E-mail signature" (issue 29): the card as HTML for mail clients (made by the server),
 * a preview, "Copy signature" (rich HTML to the clipboard) and a download.
 */
export default function EmailSignatureDialog({ open, cardId, name, onClose }: TCardFileDialogProps) {
  const { t } = useTranslation('editor');
  const signature = useQuery({ ...cardQueries.signature(cardId), enabled: open, refetchOnMount: 'always' });
  const [preview, setPreview] = useState<HTMLDivElement | null>(null);
  const [status, setStatus] = useState('');
  const html = signature.data?.html ?? '';
  const download = () =>
    saveBlob(
      new Blob([signaturePage(html, t('signature.pageTitle', { name }))], { type: 'text/html' }),
      `${name || 'card'} signature.html`,
    );
  const close = () => {
    setStatus('');
    onClose();
  };
  return (
    <AppDialog open={open} onClose={close} title={t('share.signature')} testId="signature-dialog" maxWidth={560}>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="body2" color="text.secondary">
          {t('signature.intro')}
        </Typography>
        {signature.data?.contactInfoHidden && <Alert severity="info">{t('signature.pinHidden')}</Alert>}
        {signature.isError && <Alert severity="error">{t('signature.failed')}</Alert>}
        <Box
          sx={{
            bgcolor: '#ffffff',
            color: '#222222',
            borderRadius: 2,
            p: 2,
            minHeight: 96,
            overflowX: 'auto',
            display: 'grid',
            alignItems: 'center',
          }}
          aria-label={t('signature.preview')}
          role="region"
        >
          {signature.isPending ? (
            <CircularProgress size={24} aria-label={t('signature.making')} sx={{ justifySelf: 'center' }} />
          ) : (
            // The server's HTML: escaped text, inline styles, no script (sharing/email-signature.ts).
            <div ref={setPreview} data-testid="signature-preview" dangerouslySetInnerHTML={{ __html: html }} />
          )}
        </Box>
        <Typography role="status" variant="body2" color="success.main" sx={{ minHeight: 20, fontWeight: 600 }}>
          {status}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="contained"
          startIcon={<ContentCopyIcon />}
          disabled={!html}
          onClick={async () => setStatus((await copyRich(html, preview)) ? t('signature.copied') : t('signature.refused'))}
        >
          {t('signature.copy')}
        </Button>
        <Button variant="outlined" startIcon={<DownloadIcon />} disabled={!html} onClick={download}>
          {t('signature.download')}
        </Button>
        <Button color="inherit" onClick={close}>
          {t('dialog.close')}
        </Button>
      </DialogActions>
    </AppDialog>
  );
}
