/**
 * What the card routes answer, as zod schemas for their `schema.response` (the OpenAPI document,
 * and the serializer that sends exactly these fields). The types stay in @vbc/shared (contact.ts,
 * owner.ts: types only, for the web bundle); `satisfies` keeps each schema in step with its type.
 */
import { z } from 'zod';
import {
  COUNTED_SOURCES,
  PHONE_TYPES,
  ZReferenceType,
  ZSocialMediaType,
  type TCountedSource,
  type TPinValidation,
  type TVirtualContact,
} from '@vbc/shared';
import { TEMPLATE_FIELDS } from '@vbc/shared/team-template';
import type { TCardStats, TOwnerVirtualContact, TPinStatus } from '@vbc/shared/owner';

const nullableText = z.string().nullable();
const ZEmailOut = z.object({ email: z.string(), name: nullableText });
const ZPhoneOut = z.object({ phoneNumber: z.string(), type: z.enum(PHONE_TYPES) });

/** docs/contracts.md §3 VirtualContact (emails and phones absent while the card is PIN-protected). */
export const ZVirtualContact = z.object({
  virtualContactId: z.string(),
  id: z.string(),
  quickId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  jobTitle: nullableText,
  organization: nullableText,
  biography: nullableText,
  markdownDescriptions: z.array(z.string()),
  pictureDisplayItemId: nullableText,
  highResPictureDisplayItemId: nullableText,
  heroImageDisplayItemId: nullableText,
  isCorporateProfile: z.boolean(),
  corporateProfileId: nullableText,
  hasVirginAccessProtection: z.boolean(),
  hasPersonalAccount: z.boolean(),
  pinProtectionLevel: z.number().nullable(),
  stats: z.object({ viewCount: z.number(), downloadCount: z.number() }),
  designSpecification: z.object({
    design: z.object({ designation: z.string() }),
    theme: z.object({ designation: z.string() }),
    accentColor1: nullableText,
    accentColor2: nullableText,
    accentColor3: nullableText,
  }),
  wall: z.object({
    boards: z.array(
      z.object({
        title: nullableText,
        items: z.array(
          z.object({
            photo: z.object({ obsecuredDisplayItemId: z.string(), width: z.number().nullable(), height: z.number().nullable() }),
            caption: nullableText,
          }),
        ),
      }),
    ),
  }),
  picture: z.object({ displayItemId: z.string(), contentType: z.string() }).nullable(),
  emails: z.array(ZEmailOut).optional(),
  phones: z.array(ZPhoneOut).optional(),
  locations: z.array(
    z.object({
      title: nullableText,
      address: nullableText,
      city: nullableText,
      country: nullableText,
      googlePlaceId: nullableText,
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
    }),
  ),
  socialMedias: z.array(
    z.object({
      socialMediaType: ZSocialMediaType,
      referenceType: ZReferenceType,
      accountId: nullableText,
      urlOverride: nullableText,
      useUrlOverride: z.boolean(),
      qrCode: nullableText,
    }),
  ),
  links: z.array(z.object({ linkUrl: z.string(), linkName: nullableText })),
  videos: z.array(z.object({ videoUrl: z.string(), title: nullableText })),
  exchangeEnabled: z.boolean(),
  listedInSearchEngines: z.boolean(),
  updatedAt: z.string(),
  ownerCorporateAccountId: z.string().optional(),
  logoDisplayItemId: z.string().optional(),
  noLongerWith: z.string().optional(),
}) satisfies z.ZodType<TVirtualContact>;

/** The owner's view: phones and e-mails always present, the PIN state, the creation time. */
export const ZOwnerVirtualContact = ZVirtualContact.extend({
  emails: z.array(ZEmailOut),
  phones: z.array(ZPhoneOut),
  pinEnabled: z.boolean(),
  createdAt: z.string(),
  template: z.object({ corporateAccountId: z.string(), business: z.string(), locked: z.array(z.enum(TEMPLATE_FIELDS)) }).optional(),
}) satisfies z.ZodType<TOwnerVirtualContact>;

/** GET /api/vbc/virtualcontact/{id}/stats. */
const ZSourceCounts = z.object({ views: z.number(), downloads: z.number(), linkClicks: z.number() });
export const ZCardStats = z.object({
  virtualContactId: z.string(),
  days: z.array(
    z.object({
      day: z.string(),
      views: z.number(),
      downloads: z.number(),
      linkClicks: z.number(),
      bySource: z.partialRecord(z.enum(COUNTED_SOURCES as [TCountedSource, ...TCountedSource[]]), ZSourceCounts),
    }),
  ),
  totals: z.object({ viewCount: z.number(), downloadCount: z.number(), linkClickCount: z.number() }),
}) satisfies z.ZodType<TCardStats>;

/** GET and PUT /api/vbc/virtualcontact/{id}/pin. */
export const ZPinStatus = z.object({
  enabled: z.boolean(),
  pinProtectionLevel: z.number().nullable(),
  failedAttempts24h: z.number(),
  lastFailedAt: nullableText,
  lockedUntil: nullableText,
  updatedAt: z.string(),
}) satisfies z.ZodType<TPinStatus>;

/** docs/contracts.md §3 PIN validation response. */
export const ZPinValidation = z.object({
  accessToken: z.string(),
  phones: z.array(ZPhoneOut),
  emails: z.array(ZEmailOut),
}) satisfies z.ZodType<TPinValidation>;

/** GET /api/vbc/canAdopt/{contactId}. */
export const ZCanAdopt = z.object({ canAdopt: z.boolean(), virtualContactId: z.string(), quickId: z.string() });
