/** docs/contracts.md §7 and docs/contracts.md §D4 announcement calls: the recipient's list, one announcement, the read mark. */
import type { TAnnouncement, TAnnouncementList } from '@vbc/shared/announcement';
import { http } from './http.ts';

const enc = encodeURIComponent;

export const listAnnouncements = () => http.get<TAnnouncementList>('/api/personalAccount/announcements');

export const getAnnouncement = (announcementId: string) =>
  http.get<TAnnouncement>(`/api/personalAccount/announcement/${enc(announcementId)}`);

export const markAnnouncementRead = (announcementId: string) =>
  http.post<void>(`/api/personalAccount/announcement/${enc(announcementId)}/read`);
