import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import PhotoOutlinedIcon from '@mui/icons-material/PhotoOutlined';
import type { TConversationSummary } from '@vbc/shared/conversation';
import { Link } from 'react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format.ts';
import { listTimeLabel, previewOf } from '../../../messaging/thread-model.ts';
import CounterpartAvatar from './CounterpartAvatar.tsx';

export interface TConversationListProps {
  list: TConversationSummary[] | null;
  error: string | null;
  activeId: string | undefined;
  myAccountId: string | null;
}

/** docs/contracts.md §2 message list: picture, name, last message, time and unseen count per conversation. */
export default function ConversationList({ list, error, activeId, myAccountId }: TConversationListProps) {
  const { t } = useTranslation('messages');
  const { locale } = useFormat();
  const timeWords = useMemo(() => ({ locale, today: t('time.today'), yesterday: t('time.yesterday') }), [locale, t]);
  const previewWords = useMemo(() => ({ photo: t('bubble.photo'), document: t('bubble.document') }), [t]);
  if (!list) {
    return (
      <Box sx={{ px: 2 }} aria-busy="true">
        {error ? (
          <Typography color="error" role="alert" sx={{ py: 2 }}>
            {error}
          </Typography>
        ) : (
          [0, 1, 2].map((i) => (
            <Box key={i} sx={{ display: 'flex', gap: 1.5, py: 1.5, alignItems: 'center' }}>
              <Skeleton variant="circular" width={48} height={48} />
              <Box sx={{ flex: 1 }}>
                <Skeleton width="50%" />
                <Skeleton width="80%" />
              </Box>
            </Box>
          ))
        )}
      </Box>
    );
  }
  if (list.length === 0) {
    return (
      <Box sx={{ px: 3, py: 6, textAlign: 'center' }}>
        <Typography sx={{ fontWeight: 600, mb: 0.5 }}>{t('list.emptyTitle')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('list.emptyText')}
        </Typography>
      </Box>
    );
  }
  return (
    <Box component="ul" aria-label={t('list.label')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {list.map((c) => {
        const unseen = c.unseenCount > 0;
        const last = c.lastMessage;
        const mine = last !== null && last.senderAccountId === myAccountId;
        const active = c.personalConversationId === activeId;
        return (
          <li key={c.personalConversationId}>
            <ButtonBase
              component={Link}
              to={`/messages/${c.personalConversationId}`}
              data-testid="conversation-row"
              aria-current={active ? 'page' : undefined}
              sx={{
                width: '100%',
                display: 'flex',
                gap: 1.5,
                px: 2,
                py: 1.25,
                textAlign: 'left',
                justifyContent: 'flex-start',
                bgcolor: active ? 'rgba(154,125,255,0.14)' : 'transparent',
                '&:hover': { bgcolor: active ? 'rgba(154,125,255,0.18)' : 'rgba(255,255,255,0.04)' },
              }}
            >
              <CounterpartAvatar counterpart={c.counterpart} />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
                  <Typography
                    noWrap
                    sx={{ flex: 1, fontWeight: unseen ? 800 : 600, color: c.counterpart.deleted ? 'text.secondary' : 'text.primary' }}
                  >
                    {c.counterpart.name}
                  </Typography>
                  <Typography variant="caption" sx={{ color: unseen ? 'primary.main' : 'text.secondary', flexShrink: 0 }}>
                    {listTimeLabel(c.updatedAt, timeWords)}
                  </Typography>
                </Box>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <Typography
                    variant="body2"
                    noWrap
                    data-testid="conversation-preview"
                    sx={{
                      flex: 1,
                      color: unseen ? 'text.primary' : 'text.secondary',
                      display: 'flex',
                      alignItems: 'center',
                      gap: 0.5,
                      '& svg': { fontSize: 16 },
                    }}
                  >
                    {mine && (
                      <Box component="span" sx={{ color: 'text.secondary' }}>
                        {t('list.you')}
                      </Box>
                    )}
                    {last?.kind === 'photo' && <PhotoOutlinedIcon aria-hidden />}
                    {last?.kind === 'document' && <DescriptionOutlinedIcon aria-hidden />}
                    <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
                      {previewOf(last, previewWords)}
                    </Box>
                  </Typography>
                  {unseen && (
                    <Box
                      data-testid="unseen-count"
                      aria-label={t('list.unseen', { count: c.unseenCount })}
                      sx={{
                        minWidth: 22,
                        height: 22,
                        px: 0.75,
                        borderRadius: 11,
                        bgcolor: 'primary.dark',
                        color: '#fff',
                        fontSize: 12,
                        fontWeight: 700,
                        display: 'grid',
                        placeItems: 'center',
                        flexShrink: 0,
                      }}
                    >
                      {c.unseenCount > 99 ? t('list.manyUnseen') : c.unseenCount}
                    </Box>
                  )}
                </Box>
              </Box>
            </ButtonBase>
          </li>
        );
      })}
    </Box>
  );
}
