import type { ReactNode } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import CampaignIcon from '@mui/icons-material/Campaign';
import ChatBubbleIcon from '@mui/icons-material/ChatBubble';
import HomeIcon from '@mui/icons-material/Home';
import ContactsIcon from '@mui/icons-material/Contacts';
import FolderSharedIcon from '@mui/icons-material/FolderShared';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BOTTOM_NAV_HEIGHT } from './bottom-nav-height.ts';
import { badgeText, useUnreadCount } from '../realtime/unread.ts';
import QueryRoot from '../query-root/QueryRoot.tsx';
import AnnouncementsBadge from './AnnouncementsBadge.tsx';

interface TItem {
  to: string;
  label: () => string;
  icon: ReactNode;
  /** Path prefixes that count as this tab. */
  match: string[];
}

/** The tabs; each label a literal key (i18n README), read in the active language. */
const items = (t: (key: string) => string): TItem[] => [
  { to: '/announcements', label: () => t('nav.announcements'), icon: <CampaignIcon />, match: ['/announcements', '/announcement/'] },
  { to: '/messages', label: () => t('nav.messages'), icon: <ChatBubbleIcon />, match: ['/messages'] },
  { to: '/', label: () => t('nav.home'), icon: <HomeIcon />, match: [] },
  { to: '/others', label: () => t('nav.others'), icon: <ContactsIcon />, match: ['/others'] },
  { to: '/directories', label: () => t('nav.directories'), icon: <FolderSharedIcon />, match: ['/directories', '/directory/'] },
];

/**
 * docs/contracts.md §2: the signed-in bottom navigation, each destination with its label at every width; home
 * is the main, larger, centred button. Signed in only and loaded lazily, so it brings the query
 * layer with it (the announcements badge reads it).
 */
export default function BottomNav() {
  return (
    <QueryRoot>
      <Navigation />
    </QueryRoot>
  );
}

function Navigation() {
  const { pathname } = useLocation();
  const { t } = useTranslation('app');
  const unread = badgeText(useUnreadCount());
  const active = (item: TItem) => (item.to === '/' ? pathname === '/' : item.match.some((m) => pathname.startsWith(m)));
  return (
    <Box
      component="nav"
      aria-label={t('nav.main')}
      sx={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: 1100,
        pb: 'env(safe-area-inset-bottom)',
        bgcolor: 'rgba(22,22,30,0.86)',
        backdropFilter: 'blur(14px)',
        borderTop: '1px solid rgba(255,255,255,0.08)',
      }}
    >
      <Box
        sx={{
          maxWidth: 560,
          mx: 'auto',
          height: BOTTOM_NAV_HEIGHT,
          display: 'grid',
          // Equal columns where they fit; on a narrow phone (320 px) no column is narrower than its
          // label, and labels keep 4 px from each other and from the edges (issue 30, item 10).
          gridTemplateColumns: 'repeat(5, minmax(max-content, 1fr))',
          columnGap: '4px',
          px: '4px',
          alignItems: 'center',
        }}
      >
        {items(t).map((item) => {
          const on = active(item);
          const home = item.to === '/';
          return (
            <ButtonBase
              key={item.to}
              component={Link}
              to={item.to}
              aria-label={item.label()}
              aria-current={on ? 'page' : undefined}
              sx={{
                height: '100%',
                flexDirection: 'column',
                gap: 0.25,
                borderRadius: 2,
                color: on ? 'primary.main' : 'text.secondary',
              }}
            >
              {home ? (
                <Box
                  sx={{
                    width: 56,
                    height: 56,
                    mt: -3,
                    borderRadius: '50%',
                    display: 'grid',
                    placeItems: 'center',
                    color: '#fff',
                    background: 'linear-gradient(135deg, #8c6cff, #26c6da)',
                    boxShadow: on ? '0 0 0 3px rgba(154,125,255,0.45), 0 8px 24px rgba(0,0,0,0.5)' : '0 8px 24px rgba(0,0,0,0.5)',
                    '& svg': { fontSize: 30 },
                  }}
                >
                  {item.icon}
                </Box>
              ) : item.to === '/messages' && unread ? (
                <Badge badgeContent={unread} color="error" slotProps={{ badge: { 'data-testid': 'unread-badge' } as object }}>
                  {item.icon}
                </Badge>
              ) : item.to === '/announcements' ? (
                <AnnouncementsBadge>{item.icon}</AnnouncementsBadge>
              ) : (
                item.icon
              )}
              <Typography variant="caption" data-testid="nav-label" sx={{ fontSize: 10.5, lineHeight: 1.2, whiteSpace: 'nowrap' }}>
                {item.label()}
              </Typography>
            </ButtonBase>
          );
        })}
      </Box>
    </Box>
  );
}
