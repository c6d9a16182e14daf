import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import DoneIcon from '@mui/icons-material/Done';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import ScheduleIcon from '@mui/icons-material/Schedule';
import type { TConversationMessage } from '@vbc/shared/conversation';
import type { TOutgoing } from '../../../messaging/outbox.ts';
import { sizeLabel, timeLabel } from '../../../messaging/thread-model.ts';
import DocumentIcon from '../../../components/DocumentIcon.tsx';
import { useFormat } from '../../../i18n/format.ts';

/** What a bubble shows: a stored message, or one still on its way out. */
export type TBubble =
  { type: 'message'; message: TConversationMessage; mine: boolean; seen: boolean } | { type: 'outgoing'; outgoing: TOutgoing };

export interface TMessageBubbleProps {
  bubble: TBubble;
  /** The previous bubble is from the same side: tighter spacing. */
  continued: boolean;
  onOpenPhoto: (obsecuredDisplayItemId: string) => void;
  onRetry: (clientMessageId: string) => void;
  onDiscard: (clientMessageId: string) => void;
}

const PHOTO_MAX = 240;

function photoBox(width: number, height: number) {
  const scale = Math.min(1, PHOTO_MAX / Math.max(width, height, 1));
  return { width: Math.max(96, Math.round(width * scale)), height: Math.max(72, Math.round(height * scale)) };
}

/**
 * One message: mine on the right in the accent colour, theirs on the left. Photos open the image
 * viewer; documents download with an icon by type. Mine carry their state: a clock while sending,
 * one tick when stored, two coloured ticks once seen, or 'Not sent' with Retry.
 */
export default function MessageBubble({ bubble, continued, onOpenPhoto, onRetry, onDiscard }: TMessageBubbleProps) {
  const mine = bubble.type === 'outgoing' || bubble.mine;
  const { t } = useTranslation('messages');
  const { locale } = useFormat();
  const m = bubble.type === 'message' ? bubble.message : null;
  const out = bubble.type === 'outgoing' ? bubble.outgoing : null;
  const kind = m?.kind ?? out!.kind;
  const deleted = m?.senderDeleted ?? false;
  const failed = out?.status === 'failed';

  const state = out ? (
    out.status === 'sending' ? (
      <ScheduleIcon aria-label={t('state.sending')} data-testid="state-sending" />
    ) : (
      <ErrorOutlineIcon aria-label={t('state.notSent')} color="error" data-testid="state-failed" />
    )
  ) : bubble.type === 'message' && bubble.mine ? (
    bubble.seen ? (
      <DoneAllIcon aria-label={t('state.seen')} data-testid="state-seen" sx={{ color: '#7fe3ff' }} />
    ) : (
      <DoneIcon aria-label={t('state.sent')} data-testid="state-sent" />
    )
  ) : null;

  let body: React.ReactNode;
  if (kind === 'photo') {
    const size = m?.photo ? photoBox(m.photo.width, m.photo.height) : { width: 200, height: 150 };
    // A conversation's files open only by the link signed for this account (the message carries it).
    const src = m?.photo ? m.photo.url : out?.previewUrl;
    body = (
      <ButtonBase
        onClick={() => m?.photo && onOpenPhoto(m.photo.obsecuredDisplayItemId)}
        disabled={!m?.photo}
        aria-label={t('bubble.openPhoto')}
        data-testid="message-photo"
        sx={{ display: 'block', borderRadius: 2.5, overflow: 'hidden', ...size, bgcolor: 'rgba(255,255,255,0.06)', opacity: out ? 0.7 : 1 }}
      >
        {src && (
          <Box
            component="img"
            src={src}
            alt={t('bubble.photo')}
            loading="lazy"
            sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
        )}
      </ButtonBase>
    );
  } else if (kind === 'document') {
    const doc = m?.document;
    const name = doc?.name ?? out?.file?.name ?? t('bubble.document');
    const contentType = doc?.contentType ?? out?.file?.type ?? '';
    const size = doc?.size ?? out?.file?.size;
    const inner = (
      <>
        <Box
          sx={{ width: 40, height: 40, borderRadius: 2, display: 'grid', placeItems: 'center', bgcolor: 'rgba(0,0,0,0.2)', flexShrink: 0 }}
        >
          <DocumentIcon contentType={contentType} />
        </Box>
        <Box sx={{ minWidth: 0, textAlign: 'left' }}>
          <Typography variant="body2" noWrap sx={{ fontWeight: 600, maxWidth: 200 }}>
            {name}
          </Typography>
          {size !== undefined && (
            <Typography variant="caption" sx={{ opacity: 0.75 }}>
              {sizeLabel(size, locale)}
            </Typography>
          )}
        </Box>
      </>
    );
    body = doc ? (
      <Box
        component="a"
        href={doc.url}
        download={doc.name}
        data-testid="message-document"
        sx={{ display: 'flex', alignItems: 'center', gap: 1.25, color: 'inherit', textDecoration: 'none', py: 0.25 }}
      >
        {inner}
      </Box>
    ) : (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, opacity: 0.7 }} data-testid="message-document">
        {inner}
      </Box>
    );
  } else {
    body = (
      <Typography component="div" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 15, lineHeight: 1.4 }}>
        {m?.message ?? out?.text}
      </Typography>
    );
  }

  const time = m ? timeLabel(m.createdAt, locale) : out ? timeLabel(out.createdAt, locale) : '';
  return (
    <Box
      data-testid="message"
      data-mine={mine ? 'true' : 'false'}
      data-sequence={m?.sequence}
      data-state={out ? out.status : m && mine ? (bubble.type === 'message' && bubble.seen ? 'seen' : 'sent') : undefined}
      sx={{ display: 'flex', flexDirection: 'column', alignItems: mine ? 'flex-end' : 'flex-start', mt: continued ? 0.375 : 1.25, px: 1.5 }}
    >
      {deleted && !continued && (
        <Typography variant="caption" color="text.secondary" sx={{ px: 1, mb: 0.25, fontStyle: 'italic' }} data-testid="deleted-sender">
          {t('bubble.deletedAccount')}
        </Typography>
      )}
      <Box
        sx={{
          maxWidth: 'min(78%, 520px)',
          px: kind === 'photo' ? 0.5 : 1.5,
          pt: kind === 'photo' ? 0.5 : 0.875,
          pb: 0.5,
          borderRadius: 3.5,
          borderBottomRightRadius: mine && !continued ? 6 : undefined,
          borderBottomLeftRadius: !mine && !continued ? 6 : undefined,
          bgcolor: mine ? (failed ? 'rgba(244,81,108,0.22)' : '#5b45c9') : deleted ? 'rgba(255,255,255,0.04)' : '#262633',
          color: deleted ? 'text.secondary' : '#fff',
          border: deleted ? '1px dashed rgba(255,255,255,0.15)' : 'none',
          boxShadow: '0 1px 2px rgba(0,0,0,0.3)',
        }}
      >
        {body}
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'flex-end',
            gap: 0.5,
            mt: 0.25,
            px: kind === 'photo' ? 1 : 0,
            '& svg': { fontSize: 15 },
          }}
        >
          {/* 0.8: the time keeps 4.5:1 on the accent colour of my own bubbles (axe, issue 31 journeys). */}
          <Typography variant="caption" sx={{ fontSize: 11, opacity: 0.8 }}>
            {time}
          </Typography>
          {state}
        </Box>
      </Box>
      {failed && out && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5 }} role="alert">
          <Typography variant="caption" color="error">
            {out.error ? t('bubble.notSentBecause', { reason: out.error }) : t('bubble.notSent')}
          </Typography>
          <ButtonBase onClick={() => onRetry(out.clientMessageId)} sx={{ fontSize: 12, fontWeight: 700, color: 'primary.main', px: 0.5 }}>
            {t('bubble.retry')}
          </ButtonBase>
          <ButtonBase onClick={() => onDiscard(out.clientMessageId)} sx={{ fontSize: 12, color: 'text.secondary', px: 0.5 }}>
            {t('bubble.delete')}
          </ButtonBase>
        </Box>
      )}
    </Box>
  );
}
