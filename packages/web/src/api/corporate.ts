/** The business calls: the 'Verified Business' dialog's follow and unfollow, and the corporate console. */
import type { TAuthoredAnnouncement, TCorporateAnnouncementInput, TCorporateAnnouncementUpdate } from '@vbc/shared/announcement';
import type {
  TAuditPage,
  TTeamAnalytics,
  TCorporateConsole,
  TCorporateMember,
  TFollowState,
  TCorporateProfileInput,
  TCorporateRoleName,
  TInvitation,
  TInvitationInput,
  TManagedBusiness,
  TMyInvitation,
} from '@vbc/shared/corporate';
import type { TScimToken, TScimTokenCreated } from '@vbc/shared/scim';
import type { TImportResult } from '@vbc/shared/member-import';
import type { TBusinessCard, TBusinessCardInput, TCorporateTemplate, TCorporateTemplateInput } from '@vbc/shared/team-template';
import { http } from './http.ts';

const followPath = (corporateProfileId: string) => `/api/vbc/corporateProfile/${encodeURIComponent(corporateProfileId)}/follow`;

export const getFollowState = (corporateProfileId: string) => http.get<TFollowState>(followPath(corporateProfileId));

export const setFollowing = (corporateProfileId: string, follow: boolean) =>
  follow
    ? http.put<TFollowState>(followPath(corporateProfileId), {})
    : http.delete(followPath(corporateProfileId)).then(() => getFollowState(corporateProfileId));

// The corporate console (issue 11): profile, members, invitations, the directory switch, linked cards.
const consolePath = (corporateAccountId: string) => `/api/corporate/${encodeURIComponent(corporateAccountId)}`;

export const listManagedBusinesses = () => http.get<TManagedBusiness[]>('/api/personalAccount/businesses');
export const getConsole = (corporateAccountId: string) => http.get<TCorporateConsole>(`${consolePath(corporateAccountId)}/profile`);
export const saveCorporateProfile = (corporateAccountId: string, input: TCorporateProfileInput) =>
  http.put<TCorporateConsole>(`${consolePath(corporateAccountId)}/profile`, input);
export const setDirectoryPublic = (corporateAccountId: string, directoryPublic: boolean) =>
  http.put<{ directoryPublic: boolean }>(`${consolePath(corporateAccountId)}/directory`, { directoryPublic });

export const listMembers = (corporateAccountId: string) => http.get<TCorporateMember[]>(`${consolePath(corporateAccountId)}/members`);
export const changeMemberRole = (corporateAccountId: string, accountId: string, role: TCorporateRoleName) =>
  http.put<TCorporateMember>(`${consolePath(corporateAccountId)}/members/${encodeURIComponent(accountId)}`, { role });
export const removeMember = (corporateAccountId: string, accountId: string) =>
  http.delete(`${consolePath(corporateAccountId)}/members/${encodeURIComponent(accountId)}`);

export const listInvitations = (corporateAccountId: string) => http.get<TInvitation[]>(`${consolePath(corporateAccountId)}/invitations`);
export const createInvitation = (corporateAccountId: string, input: TInvitationInput) =>
  http.post<TInvitation>(`${consolePath(corporateAccountId)}/invitations`, input);
export const revokeInvitation = (corporateAccountId: string, invitationId: string) =>
  http.delete(`${consolePath(corporateAccountId)}/invitations/${encodeURIComponent(invitationId)}`);

// Provisioning (issue 27): the business's SCIM tokens.
export const listScimTokens = (corporateAccountId: string) => http.get<TScimToken[]>(`${consolePath(corporateAccountId)}/scim-tokens`);
export const createScimToken = (corporateAccountId: string) =>
  http.post<TScimTokenCreated>(`${consolePath(corporateAccountId)}/scim-tokens`);
export const revokeScimToken = (corporateAccountId: string, tokenId: string) =>
  http.delete(`${consolePath(corporateAccountId)}/scim-tokens/${encodeURIComponent(tokenId)}`);

export const listMyInvitations = () => http.get<TMyInvitation[]>('/api/personalAccount/invitations');
export const answerInvitation = (invitationId: string, accept: boolean) =>
  http.post<unknown>(`/api/personalAccount/invitations/${encodeURIComponent(invitationId)}/${accept ? 'accept' : 'decline'}`);

const cardLinkPath = (corporateAccountId: string, virtualContactId: string) =>
  `${consolePath(corporateAccountId)}/cards/${encodeURIComponent(virtualContactId)}`;
export const linkCard = (corporateAccountId: string, virtualContactId: string) =>
  http.post<void>(cardLinkPath(corporateAccountId, virtualContactId));
export const unlinkCard = (corporateAccountId: string, virtualContactId: string) =>
  http.delete(cardLinkPath(corporateAccountId, virtualContactId));

// The console's announcements: drafts included; publish, edit, withdraw.
export const listCorporateAnnouncements = (corporateAccountId: string) =>
  http.get<TAuthoredAnnouncement[]>(`${consolePath(corporateAccountId)}/announcements`);
export const createCorporateAnnouncement = (corporateAccountId: string, input: TCorporateAnnouncementInput) =>
  http.post<TAuthoredAnnouncement>(`${consolePath(corporateAccountId)}/announcements`, input);
export const updateCorporateAnnouncement = (corporateAccountId: string, id: string, input: TCorporateAnnouncementUpdate) =>
  http.put<TAuthoredAnnouncement>(`${consolePath(corporateAccountId)}/announcements/${encodeURIComponent(id)}`, input);
export const withdrawCorporateAnnouncement = (corporateAccountId: string, id: string) =>
  http.delete(`${consolePath(corporateAccountId)}/announcements/${encodeURIComponent(id)}`);

// Issue 27: bulk onboarding, the audit log, the team's analytics.
export const importMembers = (corporateAccountId: string, csv: string, dryRun: boolean) =>
  http.postText<TImportResult>(`${consolePath(corporateAccountId)}/members/import?dryRun=${dryRun}`, csv, 'text/csv');
export const getAuditPage = (corporateAccountId: string, cursor: string | null) =>
  http.get<TAuditPage>(`${consolePath(corporateAccountId)}/audit${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
export const getTeamAnalytics = (corporateAccountId: string, days: number) =>
  http.get<TTeamAnalytics>(`${consolePath(corporateAccountId)}/analytics?days=${days}`);
// Issue 27, teams: the brand template and the cards the business owns.
export const getTemplate = (corporateAccountId: string) => http.get<TCorporateTemplate>(`${consolePath(corporateAccountId)}/template`);
export const saveTemplate = (corporateAccountId: string, input: TCorporateTemplateInput) =>
  http.put<TCorporateTemplate>(`${consolePath(corporateAccountId)}/template`, input);
export const listBusinessCards = (corporateAccountId: string) => http.get<TBusinessCard[]>(`${consolePath(corporateAccountId)}/cards`);
export const createBusinessCard = (corporateAccountId: string, input: TBusinessCardInput) =>
  http.post<TBusinessCard>(`${consolePath(corporateAccountId)}/cards`, input);
export const assignBusinessCard = (corporateAccountId: string, virtualContactId: string, accountId: string | null) =>
  http.put<TBusinessCard>(`${cardLinkPath(corporateAccountId, virtualContactId)}/assignee`, { accountId });
