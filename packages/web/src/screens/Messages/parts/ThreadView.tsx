import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format.ts';
import { notify } from '../../../platform/events.ts';
import { discard, enqueue, retry, useOutbox } from '../../../messaging/outbox.ts';
import { dayLabel, differentDay } from '../../../messaging/thread-model.ts';
import { CONVERSATION_NOT_FOUND, useThread } from '../use-thread.ts';
import ConnectionBanner from './ConnectionBanner.tsx';
import Composer from './Composer.tsx';
import CounterpartAvatar from './CounterpartAvatar.tsx';
import MessageBubble, { type TBubble } from './MessageBubble.tsx';

const ImageViewer = lazy(() => import('../../../components/image-viewer/ImageViewer.tsx'));

/** Closer than this to the bottom counts as "reading the newest": new messages scroll into view. */
const NEAR_BOTTOM_PX = 140;
/** Closer than this to the top loads the older page. */
const NEAR_TOP_PX = 200;

export interface TThreadViewProps {
  conversationId: string;
  myAccountId: string | null;
  /** Phone layout: a back arrow to the list. */
  showBack: boolean;
}

/** One conversation: header, connection state, messages with day separators, and the composer. */
export default function ThreadView({ conversationId, myAccountId, showBack }: TThreadViewProps) {
  const thread = useThread(conversationId, myAccountId);
  const { t } = useTranslation('messages');
  const { locale } = useFormat();
  const timeWords = useMemo(() => ({ locale, today: t('time.today'), yesterday: t('time.yesterday') }), [locale, t]);
  const outbox = useOutbox(conversationId);
  const scroller = useRef<HTMLDivElement>(null);
  const [viewer, setViewer] = useState<number | null>(null);
  const [newBelow, setNewBelow] = useState(false);
  const { summary, messages } = thread;

  const bubbles = useMemo(() => {
    const stored = new Set(messages.map((m) => m.clientMessageId).filter(Boolean));
    const list: { key: string; createdAt: string; bubble: TBubble; mine: boolean }[] = messages.map((m) => {
      const mine = m.senderAccountId !== null && m.senderAccountId === myAccountId;
      return {
        key: m.messageId,
        createdAt: m.createdAt,
        mine,
        bubble: { type: 'message', message: m, mine, seen: mine && m.sequence <= thread.counterpartSeen },
      };
    });
    for (const o of outbox) {
      if (!stored.has(o.clientMessageId))
        list.push({ key: o.clientMessageId, createdAt: o.createdAt, mine: true, bubble: { type: 'outgoing', outgoing: o } });
    }
    return list;
  }, [messages, outbox, myAccountId, thread.counterpartSeen]);

  const photos = useMemo(
    () => messages.filter((m) => m.photo).map((m) => ({ id: m.photo!.obsecuredDisplayItemId, src: m.photo!.url, alt: t('bubble.photo') })),
    [messages, t],
  );

  // Scroll: to the bottom at first; keep the reading position when older pages arrive above;
  // follow new messages only when the reader is at the bottom (or sent them).
  const anchor = useRef<{ first: string | undefined; last: string | undefined; height: number; top: number; count: number }>({
    first: undefined,
    last: undefined,
    height: 0,
    top: 0,
    count: 0,
  });
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const first = bubbles[0]?.key;
    const lastBubble = bubbles.at(-1);
    const before = anchor.current;
    if (before.count === 0 && bubbles.length > 0) {
      el.scrollTop = el.scrollHeight;
    } else if (first !== before.first && before.first !== undefined && bubbles.findIndex((b) => b.key === before.first) > 0) {
      el.scrollTop = before.top + (el.scrollHeight - before.height);
    } else if (lastBubble && lastBubble.key !== before.last) {
      const nearBottom = before.height - before.top - el.clientHeight < NEAR_BOTTOM_PX;
      if (nearBottom || lastBubble.mine) el.scrollTop = el.scrollHeight;
      else setNewBelow(true);
    }
    anchor.current = { first, last: lastBubble?.key, height: el.scrollHeight, top: el.scrollTop, count: bubbles.length };
  }, [bubbles]);

  useEffect(() => {
    anchor.current = { first: undefined, last: undefined, height: 0, top: 0, count: 0 };
    setNewBelow(false);
    setViewer(null);
  }, [conversationId]);

  const { hasOlder, loadingOlder, loadOlder } = thread;
  const onScroll = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    anchor.current.top = el.scrollTop;
    anchor.current.height = el.scrollHeight;
    if (el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX) setNewBelow(false);
    if (el.scrollTop < NEAR_TOP_PX && hasOlder && !loadingOlder) void loadOlder();
  }, [hasOlder, loadingOlder, loadOlder]);

  // A first page shorter than the screen cannot be scrolled: fetch older pages until it fills.
  useEffect(() => {
    const el = scroller.current;
    if (el && hasOlder && !loadingOlder && el.scrollHeight <= el.clientHeight + NEAR_TOP_PX) void loadOlder();
  }, [hasOlder, loadingOlder, loadOlder, bubbles.length]);

  const toBottom = () => {
    const el = scroller.current;
    if (el) el.scrollTo({ top: el.scrollHeight, behavior: 'smooth' });
    setNewBelow(false);
  };

  const counterpart = summary?.counterpart;
  const closed = counterpart?.deleted ? t('thread.closed') : null;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minWidth: 0, position: 'relative' }} data-testid="thread">
      <Box
        component="header"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.25,
          pl: showBack ? 0.5 : 2,
          pr: 8,
          minHeight: 68,
          borderBottom: '1px solid',
          borderColor: 'divider',
          bgcolor: 'rgba(22,22,30,0.9)',
        }}
      >
        {showBack && (
          <IconButton component={Link} to="/messages" aria-label={t('thread.back')}>
            <ArrowBackIcon sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
          </IconButton>
        )}
        {counterpart && <CounterpartAvatar counterpart={counterpart} size={40} />}
        <Box sx={{ minWidth: 0 }}>
          <Typography component="h2" noWrap sx={{ fontWeight: 700, fontSize: 17 }} data-testid="thread-title">
            {counterpart?.name ?? (thread.loading ? ' ' : t('thread.conversation'))}
          </Typography>
          {counterpart?.quickId && (
            <Typography
              component={Link}
              to={`/${counterpart.quickId}`}
              variant="caption"
              sx={{ color: 'text.secondary', textDecoration: 'none', '&:hover': { textDecoration: 'underline' } }}
            >
              {t('thread.viewCard')}
            </Typography>
          )}
        </Box>
      </Box>
      <ConnectionBanner />
      <Box
        ref={scroller}
        onScroll={onScroll}
        role="log"
        aria-label={t('thread.log')}
        aria-live="polite"
        data-testid="thread-messages"
        sx={{
          flex: 1,
          overflowY: 'auto',
          overscrollBehavior: 'contain',
          py: 1,
          background: 'radial-gradient(1200px 600px at 100% 0%, rgba(140,108,255,0.06), transparent 60%)',
        }}
      >
        {thread.loading && (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
            <CircularProgress size={28} aria-label={t('thread.loading')} />
          </Box>
        )}
        {thread.error && (
          <Typography color="error" role="alert" sx={{ textAlign: 'center', py: 6, px: 2 }}>
            {thread.error === CONVERSATION_NOT_FOUND ? t('thread.notFound') : thread.error}
          </Typography>
        )}
        {loadingOlder && (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 1 }}>
            <CircularProgress size={20} aria-label={t('thread.loadingOlder')} />
          </Box>
        )}
        {!thread.loading && !hasOlder && messages.length > 0 && (messages[0]?.sequence ?? 1) === 1 && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', textAlign: 'center', py: 1 }}>
            {t('thread.start')}
          </Typography>
        )}
        {bubbles.map((b, i) => {
          const prev = bubbles[i - 1];
          const newDay = !prev || differentDay(prev.createdAt, b.createdAt);
          return (
            <Box key={b.key}>
              {newDay && (
                <Box sx={{ display: 'flex', justifyContent: 'center', my: 1.5 }}>
                  <Typography
                    variant="caption"
                    data-testid="day-separator"
                    sx={{
                      px: 1.5,
                      py: 0.375,
                      borderRadius: 99,
                      bgcolor: 'rgba(255,255,255,0.07)',
                      color: 'text.secondary',
                      fontWeight: 600,
                    }}
                  >
                    {dayLabel(b.createdAt, timeWords)}
                  </Typography>
                </Box>
              )}
              <MessageBubble
                bubble={b.bubble}
                continued={!newDay && prev?.mine === b.mine}
                onOpenPhoto={(id) =>
                  setViewer(
                    Math.max(
                      0,
                      photos.findIndex((p) => p.id === id),
                    ),
                  )
                }
                onRetry={(cid) => retry(conversationId, cid)}
                onDiscard={(cid) => discard(conversationId, cid)}
              />
            </Box>
          );
        })}
      </Box>
      {newBelow && (
        <ButtonBase
          onClick={toBottom}
          data-testid="new-messages-below"
          sx={{
            position: 'absolute',
            right: 16,
            bottom: 80,
            px: 1.5,
            py: 0.75,
            borderRadius: 99,
            bgcolor: 'primary.dark',
            color: '#fff',
            fontSize: 13,
            fontWeight: 700,
            gap: 0.5,
            boxShadow: 3,
          }}
        >
          {t('newBelow')} <KeyboardArrowDownIcon fontSize="small" />
        </ButtonBase>
      )}
      {!thread.error && (
        <Composer
          closedReason={thread.loading ? null : closed}
          onSend={(text) => enqueue(conversationId, { text })}
          onAttach={(file, kind) => enqueue(conversationId, { file, kind })}
          onError={(message) => notify(message, 'warning')}
        />
      )}
      {viewer !== null && photos.length > 0 && (
        <Suspense fallback={null}>
          <ImageViewer images={photos} index={viewer} onClose={() => setViewer(null)} />
        </Suspense>
      )}
    </Box>
  );
}
