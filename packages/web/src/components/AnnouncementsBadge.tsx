import type { ReactNode } from 'react';
import Badge from '@mui/material/Badge';
import { useQuery } from '@tanstack/react-query';
import { announcementQueries } from '../api/queries.ts';
import { badgeText } from '../realtime/unread.ts';

/**
 * The announcements tab's unread badge: the recipient's list carries its unread count; a new
 * announcement (hub) or a read mark refetches it. Rendered inside the query layer (lazyWithQueries).
 */
export default function AnnouncementsBadge({ children }: { children: ReactNode }) {
  const unread = badgeText(useQuery(announcementQueries.list()).data?.unreadCount ?? 0);
  if (!unread) return <>{children}</>;
  return (
    <Badge badgeContent={unread} color="error" slotProps={{ badge: { 'data-testid': 'announcements-badge' } as object }}>
      {children}
    </Badge>
  );
}
