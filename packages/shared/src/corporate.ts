/**
 * The corporate console (issue 11): the corporate profile a business edits (docs/contracts.md §3 Corporate
 * profile), its members and roles, invitations by e-mail or phone, the public-directory switch.
 * Request schemas shared by the server routes and the console's forms, and the shapes the API
 * answers with. Import as `@vbc/shared/corporate`.
 */
import { z } from 'zod';
import { ZAccountEmail, ZAccountPhoneNumber } from './account.ts';
import { ZCorporateProfile, ZSocialMediaType } from './contact.ts';
import { zText } from './text.ts';

/** What a member may do: `admin` everything, `editor` the profile and announcements, `member` read. */
export const CORPORATE_ROLE_NAMES = ['admin', 'editor', 'member'] as const;
export const ZCorporateRole = z.enum(CORPORATE_ROLE_NAMES, { error: 'must be admin, editor or member' });
export type TCorporateRoleName = z.infer<typeof ZCorporateRole>;

/** Limits of the corporate profile's lists. */
export const CORPORATE_PROFILE_LIMITS = {
  nameMax: 150,
  descriptionMax: 1000,
  phones: 20,
  emails: 20,
  links: 50,
  socialMedias: 30,
  locations: 20,
} as const;

const text = (max: number) => zText().trim().max(max, `Max ${max} characters`);
const optionalText = (max: number) => text(max).nullable().default(null);
/** A list entry's id: kept when the console sends it back, made by the server for a new entry. */
const entryId = z.string().trim().min(1).max(64).optional();
/** A picture: the displayItemId or obsecuredDisplayItemId of an upload (POST /api/files/display); null for none. */
const pictureRef = z.string().trim().min(1).max(100).nullable().default(null);

/** PUT /api/corporate/{corporateAccountId}/profile: every docs/contracts.md §3 corporate-profile field. */
export const ZCorporateProfileInput = z.object({
  name: text(CORPORATE_PROFILE_LIMITS.nameMax).min(1, 'Required.'),
  /** What the business does, shown on its team page; null or empty for none. */
  description: text(CORPORATE_PROFILE_LIMITS.descriptionMax)
    .nullable()
    .default(null)
    .transform((v) => (v === '' ? null : v)),
  heroImageDisplayId: pictureRef,
  profileImageDisplayId: pictureRef,
  phones: z
    .array(
      z.object({
        id: entryId,
        phoneNumber: zText()
          .trim()
          .min(3, 'Min 3 characters')
          .max(32, 'Max 32 characters')
          .regex(/^[+0-9 ()\-.]+$/, 'Must be numbers.'),
      }),
    )
    .max(CORPORATE_PROFILE_LIMITS.phones)
    .default([]),
  emails: z
    .array(z.object({ id: entryId, email: zText().trim().max(254).email('Invalid email format') }))
    .max(CORPORATE_PROFILE_LIMITS.emails)
    .default([]),
  links: z
    .array(z.object({ id: entryId, linkUrl: text(2048).min(1, 'Required.') }))
    .max(CORPORATE_PROFILE_LIMITS.links)
    .default([]),
  socialMedias: z
    .array(
      z.object({
        id: entryId,
        socialMediaType: ZSocialMediaType,
        accountId: optionalText(300),
        useUrlOverride: z.boolean().default(false),
        urlOverride: optionalText(2048),
      }),
    )
    .max(CORPORATE_PROFILE_LIMITS.socialMedias)
    .default([]),
  locations: z
    .array(z.object({ id: entryId, title: optionalText(100), googlePlaceId: optionalText(300) }))
    .max(CORPORATE_PROFILE_LIMITS.locations)
    .default([]),
});
export type TCorporateProfileInput = z.input<typeof ZCorporateProfileInput>;

/** A business as its console sees it: the caller's role, the switch, and the profile. */
export const ZCorporateConsole = z.object({
  corporateAccountId: z.string(),
  name: z.string(),
  role: ZCorporateRole,
  verified: z.boolean(),
  directoryPublic: z.boolean(),
  profile: ZCorporateProfile,
});
export type TCorporateConsole = z.infer<typeof ZCorporateConsole>;

/** Whether an account follows the business of a corporate profile, and whether it is a member (members get its announcements anyway). */
export const ZFollowState = z.object({ corporateAccountId: z.string(), following: z.boolean(), isMember: z.boolean() });
export type TFollowState = z.infer<typeof ZFollowState>;

/** GET /api/personalAccount/businesses: where the signed-in account is admin or editor (the menu). */
export const ZManagedBusiness = z.object({
  corporateAccountId: z.string(),
  name: z.string(),
  role: ZCorporateRole,
  corporateProfileId: z.string(),
});
export type TManagedBusiness = z.infer<typeof ZManagedBusiness>;

/** One member of a business, as the console lists them. */
export const ZCorporateMember = z.object({
  accountId: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  role: ZCorporateRole,
  joinedAt: z.string(),
});
export type TCorporateMember = z.infer<typeof ZCorporateMember>;

/** PUT /api/corporate/{corporateAccountId}/members/{accountId}. */
export const ZRoleChange = z.object({ role: ZCorporateRole });

/** '' and null mean "not given" (forms send empty strings). */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/** POST /api/corporate/{corporateAccountId}/invitations: exactly one of email or phoneNumber, and the role. */
export const ZInvitationInput = z
  .object({ email: optional(ZAccountEmail), phoneNumber: optional(ZAccountPhoneNumber), role: ZCorporateRole.default('member') })
  .superRefine((body, ctx) => {
    if (body.email === undefined && body.phoneNumber === undefined)
      ctx.addIssue({ code: 'custom', message: 'Give an email or a phoneNumber.' });
    else if (body.email !== undefined && body.phoneNumber !== undefined)
      ctx.addIssue({ code: 'custom', message: 'Give an email or a phoneNumber, not both.' });
  });
export type TInvitationInput = z.input<typeof ZInvitationInput>;

/** A pending invitation as the business's console lists it. */
export const ZInvitation = z.object({
  invitationId: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  role: ZCorporateRole,
  createdAt: z.string(),
  /** An imported invitation's e-mail (issue 27): `queued`, `sent` or `failed`; null for one made in the console (no e-mail). */
  mailStatus: z.enum(['queued', 'sent', 'failed']).nullable(),
  /**
   * False for a pending one. In the answer to creating it, true when the invitee joined at once (an
   * account holds this e-mail and the business has verified its domain): accepted, no longer pending.
   */
  joined: z.boolean(),
});
export type TInvitation = z.infer<typeof ZInvitation>;

/** A pending invitation as its invitee sees it after signing in with that contact. */
export const ZMyInvitation = z.object({
  invitationId: z.string(),
  corporateAccountId: z.string(),
  corporateName: z.string(),
  role: ZCorporateRole,
  createdAt: z.string(),
});
export type TMyInvitation = z.infer<typeof ZMyInvitation>;

/** PUT /api/corporate/{corporateAccountId}/directory: the team page switch. */
export const ZDirectorySwitch = z.object({ directoryPublic: z.boolean({ error: 'directoryPublic must be true or false' }) });

/** The audit log's action names (corporate/README.md says what each records in `detail`). */
export const AUDIT_ACTIONS = [
  'profile.updated',
  'directory.changed',
  'member.role_changed',
  'member.removed',
  'invitation.created',
  'invitation.revoked',
  'invitation.accepted',
  'member.auto_joined',
  'members.imported',
  'template.updated',
  'domain.added',
  'domain.verified',
  'domain.unverified',
  'domain.removed',
  'sso.updated',
  'sso.removed',
  'scim_token.created',
  'scim_token.revoked',
] as const;
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];

/** One entry of a business's audit log: who (null: the operator, a provisioning client, or a deleted account), what, when. */
export const ZAuditEntry = z.object({
  auditId: z.string(),
  action: z.string(),
  actorAccountId: z.string().nullable(),
  actorName: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

/** GET /api/corporate/{corporateAccountId}/audit?cursor=&limit= */
export const ZAuditQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(100).default(50),
});

/** A page of the audit log, newest first; `nextCursor` asks for the next (older) page. */
export const ZAuditPage = z.object({ items: z.array(ZAuditEntry), nextCursor: z.string().nullable() });
export type TAuditPage = z.infer<typeof ZAuditPage>;

/** GET /api/corporate/{corporateAccountId}/analytics?days=7|30|90 */
export const ZAnalyticsQuery = z.object({
  days: z.enum(['7', '30', '90'], { error: 'days must be 7, 30 or 90' }).default('30').transform(Number),
});

const ZCounts = { views: z.number().int(), downloads: z.number().int(), exchanges: z.number().int() };

/**
 * The team's analytics (issue 27) over the last `days` UTC days, `from`–`to` inclusive: views and
 * downloads of the cards linked to the business (their daily counts), exchanges (leads that came
 * through them, by the day captured). A card or lead with no owner account counts under `accountId` null.
 */
export const ZTeamAnalytics = z.object({
  days: z.number().int(),
  from: z.string(),
  to: z.string(),
  totals: z.object(ZCounts),
  /** Every day of the range, oldest first, days without any as zero. */
  perDay: z.array(z.object({ day: z.string(), ...ZCounts })),
  /** Every member (and the business's own cards, `accountId` null, when any count), most active first. */
  members: z.array(z.object({ accountId: z.string().nullable(), name: z.string(), ...ZCounts })),
  /** Per member and day, only where something counted (the CSV export's rows). */
  memberDays: z.array(z.object({ accountId: z.string().nullable(), day: z.string(), ...ZCounts })),
  /** The ten linked cards with the most views, downloads and exchanges together. */
  topCards: z.array(z.object({ virtualContactId: z.string(), name: z.string(), ownerAccountId: z.string().nullable(), ...ZCounts })),
});
export type TTeamAnalytics = z.infer<typeof ZTeamAnalytics>;
