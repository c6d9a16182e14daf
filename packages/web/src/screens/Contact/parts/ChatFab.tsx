import RoundButton from '../../../components/RoundButton.tsx';
import ChatIcon from '@mui/icons-material/Chat';
import type { TVirtualContact } from '@vbc/shared/contact';
import { useMessageOwner } from '../../../session/message-owner.ts';
import { useSession } from '../../../session/SessionContext.tsx';
import { BOTTOM_NAV_HEIGHT } from '../../../components/bottom-nav-height.ts';
import { useTranslation } from 'react-i18next';

/**
 * docs/contracts.md §2 floating chat button, shown only when the card has an owner and is
 * not one of the viewer's own cards (docs/contracts.md §5); it waits while the session is checked.
 */
export default function ChatFab({ contact, accent }: { contact: TVirtualContact; accent: string }) {
  const { status, account } = useSession();
  const { t } = useTranslation('card');
  const messageOwner = useMessageOwner(contact);
  if (!contact.hasPersonalAccount || !messageOwner) return null;
  if (account?.virtualContacts.some((c) => c.virtualContactId === contact.virtualContactId)) return null;
  const signedIn = status === 'signedIn';
  return (
    <RoundButton
      label={t('actions.sendMessage')}
      size={56}
      data-testid="chat-fab"
      onClick={messageOwner}
      sx={{
        position: 'fixed',
        right: 20,
        bottom: `calc(${signedIn ? BOTTOM_NAV_HEIGHT + 16 : 20}px + env(safe-area-inset-bottom))`,
        zIndex: 1050,
        color: '#fff',
        bgcolor: accent,
        border: '1px solid rgba(255,255,255,0.2)',
        boxShadow: '0 6px 20px rgba(0,0,0,0.5)',
        '&:hover': { bgcolor: accent, filter: 'brightness(1.15)' },
      }}
    >
      <ChatIcon />
    </RoundButton>
  );
}
