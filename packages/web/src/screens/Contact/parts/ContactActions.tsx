import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import ActionButton from '../../../components/ActionButton.tsx';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import LockIcon from '@mui/icons-material/Lock';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import ShareIcon from '@mui/icons-material/Share';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { vcardFileName } from '@vbc/shared/vcard-file-name';
import { contactDownloadUrl } from '../../../api/contacts.ts';
import { shareLinkedFile } from '../../../platform/share-file.ts';
import { exchangeEnabled } from '../../../dialogs/exchange/exchange-form.ts';
import { lazyWithQueries } from '../../../query-root/lazy-with-queries.tsx';
import { emitClientEvent, type TPinGrant } from '../../../platform/events.ts';
import type { TContactModel } from '../model.ts';
import { TAGGED_LINK_ATTRIBUTE } from '../../../platform/visit-source.ts';
import { useTranslation } from 'react-i18next';

const VCardQrDialog = lazy(() => import('../../../dialogs/VCardQrDialog.tsx'));
/** Issue 26: loaded on the first press (a server-rendered page replays a press made before the app was there). */
const ExchangeDialog = lazyWithQueries(() => import('../../../dialogs/exchange/ExchangeDialog.tsx'));

/**
 * "Contact Download", "Contact Transfer via QR", "Share" (docs/contracts.md §2) and "Exchange Contact" (issue 26).
 * "Contact Download" hands the .vcf to the share sheet where the browser can (issue 29). While
 * the PIN lock is on the first two are hidden and the notice is shown; the PIN
 * window (dialogs/pin/, opened by DialogHost) answers the `enterPin` event.
 */
export default function ContactActions({
  model,
  onPinGranted,
  fullWidth,
}: {
  model: TContactModel;
  onPinGranted: (grant: TPinGrant) => void;
  fullWidth?: boolean;
}) {
  const [vcardOpen, setVcardOpen] = useState(false);
  const [exchangeOpen, setExchangeOpen] = useState(false);
  const { contact, locked } = model;
  const { t } = useTranslation('card');
  // A label is never cut: the buttons wrap onto as many rows as the card's width needs (on a desktop
  // card, and in the editor's narrower live preview at any screen width: issue 30, item 8).
  const buttonSx = { flex: fullWidth ? '1 1 100%' : '1 1 auto', minHeight: 44, px: { md: 1.75 }, whiteSpace: 'nowrap' };
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box data-testid="contact-actions" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'center' }}>
        {!locked && (
          <>
            <ActionButton
              variant="contained"
              color={model.accentFill}
              startIcon={<DownloadIcon />}
              href={contactDownloadUrl(contact.virtualContactId, model.accessToken)}
              download={vcardFileName(contact)}
              data-share-file="text/vcard"
              {...{ [TAGGED_LINK_ATTRIBUTE]: '' }}
              onClick={(event) => {
                if (shareLinkedFile(event.currentTarget as HTMLAnchorElement)) event.preventDefault();
              }}
              sx={{ ...buttonSx, border: '1px solid rgba(255,255,255,0.22)' }}
            >
              {t('actions.download')}
            </ActionButton>
            <ActionButton startIcon={<QrCode2Icon />} onClick={() => setVcardOpen(true)} sx={buttonSx}>
              {t('actions.transferQr')}
            </ActionButton>
          </>
        )}
        <ActionButton startIcon={<ShareIcon />} onClick={() => emitClientEvent('shareContact', { contact })} sx={buttonSx}>
          {t('actions.share')}
        </ActionButton>
        {/* Issue 26: shown while PIN-locked too (it reveals nothing); absent when the owner switched it off. */}
        {exchangeEnabled(contact) && (
          <ActionButton startIcon={<SwapHorizIcon />} onClick={() => setExchangeOpen(true)} sx={buttonSx} data-testid="exchange-contact">
            {t('actions.exchange')}
          </ActionButton>
        )}
      </Box>
      {locked && (
        <Box
          data-testid="pin-notice"
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1.5,
            p: 1.5,
            borderRadius: 3,
            border: '1px solid',
            borderColor: 'warning.main',
            bgcolor: 'rgba(245,166,35,0.08)',
          }}
        >
          <LockIcon sx={{ color: 'warning.main' }} aria-hidden />
          <Typography variant="body2" sx={{ flex: 1 }}>
            {t('pin.notice')}
          </Typography>
          <ActionButton
            variant="contained"
            color="warning.main"
            textColor="#1b1300"
            onClick={() => emitClientEvent('enterPin', { virtualContactId: contact.virtualContactId, onGranted: onPinGranted })}
          >
            {t('pin.enter')}
          </ActionButton>
        </Box>
      )}
      {vcardOpen && (
        <Suspense fallback={null}>
          <VCardQrDialog contact={contact} onClose={() => setVcardOpen(false)} />
        </Suspense>
      )}
      {exchangeOpen && (
        <Suspense fallback={null}>
          <ExchangeDialog contact={contact} onClose={() => setExchangeOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}
