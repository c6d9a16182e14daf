import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import ChatBubbleIcon from '@mui/icons-material/ChatBubble';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import type { TPersonalAccount as TSharedAccount } from '@vbc/shared/account';
import { useParams, useSearchParams } from 'react-router';
import EmptyState from '../../components/EmptyState.tsx';
import LoadingScreen from '../../components/LoadingScreen.tsx';
import { BOTTOM_NAV_HEIGHT } from '../../components/bottom-nav-height.ts';
import { TOP_INSET } from '../../platform/TopBanner.tsx';
import { useSession } from '../../session/SessionContext.tsx';
import ConnectionBanner from './parts/ConnectionBanner.tsx';
import ConversationList from './parts/ConversationList.tsx';
import ThreadView from './parts/ThreadView.tsx';
import { useConversations } from './use-conversations.ts';

/** The signed-in account's id (myAccount carries it; the web session type leaves it out). */
const accountIdOf = (account: unknown): string | null => (account as Partial<Pick<TSharedAccount, 'accountId'>> | null)?.accountId ?? null;

/**
 * Routes /messages (optional ?showList) and /messages/:conversationId — one screen (docs/contracts.md §2):
 * the list and the open conversation side by side on a wide screen; on a phone one at a time
 * (the list when no conversation is open, or when showList asks for it).
 */
export default function MessagesScreen() {
  const { status, account } = useSession();
  const { t } = useTranslation('messages');
  const { conversationId } = useParams();
  const [search] = useSearchParams();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const myAccountId = accountIdOf(account);
  // Keyed by account (the last list is shown at once only to the same account); fetched only when signed in.
  const conversations = useConversations(status === 'signedIn' ? (myAccountId ?? 'signed-in') : null);

  useEffect(() => {
    const previous = document.title;
    document.title = t('documentTitle');
    return () => {
      document.title = previous;
    };
  }, [t]);

  if (status === 'checking') return <LoadingScreen />;
  if (status !== 'signedIn') {
    return <EmptyState icon={<ChatBubbleIcon />} title={t('title')} text={t('empty')} requiresSignIn />;
  }

  const showList = search.get('showList') === 'true';
  const showThread = Boolean(conversationId) && (wide || !showList);
  const listVisible = wide || !showThread;

  return (
    <Box
      component="main"
      sx={{
        height: `calc(100dvh - ${TOP_INSET} - ${BOTTOM_NAV_HEIGHT + 8}px - env(safe-area-inset-bottom))`,
        display: 'flex',
        maxWidth: 1280,
        mx: 'auto',
        overflow: 'hidden',
        borderLeft: { md: '1px solid' },
        borderRight: { md: '1px solid' },
        borderColor: { md: 'divider' },
      }}
    >
      {listVisible && (
        <Box
          component="section"
          aria-label={t('list.region')}
          data-testid="conversation-list"
          sx={{
            width: { xs: '100%', md: 340 },
            flexShrink: 0,
            display: 'flex',
            flexDirection: 'column',
            borderRight: { md: '1px solid' },
            borderColor: { md: 'divider' },
          }}
        >
          <Box
            sx={{ px: 2, pr: 8, minHeight: 68, display: 'flex', alignItems: 'center', borderBottom: '1px solid', borderColor: 'divider' }}
          >
            <Typography component="h1" variant="h5" sx={{ fontWeight: 800 }}>
              {t('title')}
            </Typography>
          </Box>
          {!showThread && <ConnectionBanner />}
          <Box sx={{ flex: 1, overflowY: 'auto' }}>
            <ConversationList list={conversations.list} error={conversations.error} activeId={conversationId} myAccountId={myAccountId} />
          </Box>
        </Box>
      )}
      {showThread && conversationId && (
        <Box component="section" aria-label={t('thread.region')} sx={{ flex: 1, minWidth: 0 }}>
          <ThreadView key={conversationId} conversationId={conversationId} myAccountId={myAccountId} showBack={!wide} />
        </Box>
      )}
      {wide && !conversationId && (
        <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', textAlign: 'center', color: 'text.secondary', px: 4 }}>
          <Box>
            <ForumOutlinedIcon sx={{ fontSize: 64, opacity: 0.4, mb: 1 }} />
            <Typography sx={{ fontWeight: 600 }}>{t('choose.title')}</Typography>
            <Typography variant="body2">{t('choose.text')}</Typography>
          </Box>
        </Box>
      )}
    </Box>
  );
}
