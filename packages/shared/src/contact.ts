import { z } from 'zod';
import { isQuickId, isUuid, normalizeQuickId } from './ids.ts';
import { zText } from './text.ts';

/** docs/contracts.md §3 social media types, in the order the editor lists them. */
export const SOCIAL_MEDIA_TYPES = [
  'Facebook',
  'Messenger',
  'Twitter',
  'Instagram',
  'LinkedIn',
  'Viber',
  'Whatsapp',
  'WeChat',
  'Telegram',
  'Youtube',
  'TikTok',
  'Line',
] as const;
export const ZSocialMediaType = z.enum(SOCIAL_MEDIA_TYPES);
export type TSocialMediaType = z.infer<typeof ZSocialMediaType>;

export const REFERENCE_TYPES = ['ByAccountId', 'ByUrl', 'ByQrCode'] as const;
export const ZReferenceType = z.enum(REFERENCE_TYPES);

/** The four public layouts of docs/contracts.md §2. A stored card may carry another name: it then shows no layout. */
export const DESIGNS = ['default', 'simple', 'artist', 'facebook'] as const;
export const ZDesign = z.enum(DESIGNS);
export type TDesign = z.infer<typeof ZDesign>;

export const PHONE_TYPES = ['Mobile', 'Work', 'Home', 'Fax', 'Other'] as const;

const text = (max: number) => zText().trim().max(max);
const optionalText = (max: number) => text(max).nullable().default(null);
const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #282832');

export const ZEmail = z.object({
  email: zText().trim().max(254).email('Invalid email format'),
  name: optionalText(100),
});
export const ZPhone = z.object({
  phoneNumber: zText()
    .trim()
    .min(3)
    .max(32)
    .regex(/^[+0-9 ()\-.]+$/, 'Must be numbers.'),
  type: z.enum(PHONE_TYPES).default('Mobile'),
});
export const ZLink = z.object({
  linkUrl: text(2048).min(1),
  linkName: optionalText(100),
});
export const ZLocation = z.object({
  title: optionalText(100),
  address: optionalText(300),
  city: optionalText(100),
  country: optionalText(100),
  googlePlaceId: optionalText(300),
  /** Coordinates, when known, link the maps search at zoom 15. */
  latitude: z.number().min(-90).max(90).nullable().default(null),
  longitude: z.number().min(-180).max(180).nullable().default(null),
});
export const ZSocialMedia = z.object({
  socialMediaType: ZSocialMediaType,
  referenceType: ZReferenceType.default('ByAccountId'),
  /** User name or id on the network; a value beginning with http is used as the full URL. */
  accountId: optionalText(300),
  urlOverride: optionalText(2048),
  useUrlOverride: z.boolean().default(false),
  /** obsecuredDisplayItemId of an uploaded QR image (WeChat, or any network with referenceType ByQrCode). */
  qrCode: optionalText(64),
});
export const ZVideo = z.object({
  videoUrl: text(2048).min(1),
  title: optionalText(200),
});
export const ZWallPhoto = z.object({
  obsecuredDisplayItemId: z.string().min(1).max(64),
  width: z.number().int().positive().nullable().default(null),
  height: z.number().int().positive().nullable().default(null),
});
export const ZWallItem = z.object({ photo: ZWallPhoto, caption: optionalText(300) });
export const ZWallBoard = z.object({ title: optionalText(100), items: z.array(ZWallItem).max(100) });
export const ZWall = z.object({ boards: z.array(ZWallBoard).max(20) });

/** What the owner writes; on read, `design.designation` may be any stored name. */
export const ZDesignSpecification = z.object({
  design: z.object({ designation: ZDesign }),
  theme: z.object({ designation: text(40) }),
  accentColor1: hexColor.nullable().default(null),
  accentColor2: hexColor.nullable().default(null),
  accentColor3: hexColor.nullable().default(null),
});
export type TDesignSpecification = z.infer<typeof ZDesignSpecification>;

export const ZStats = z.object({ viewCount: z.number().int(), downloadCount: z.number().int() });

/** The card fields an owner may write (docs/contracts.md §D4 PUT is a partial of this). */
export const ZVirtualContactInput = z.object({
  firstName: text(100),
  lastName: text(100),
  jobTitle: optionalText(150),
  organization: optionalText(150),
  biography: optionalText(2000),
  /** Markdown sections, rendered then sanitized. */
  markdownDescriptions: z.array(text(20_000)).max(10).default([]),
  pictureDisplayItemId: z.string().uuid().nullable().default(null),
  highResPictureDisplayItemId: z.string().uuid().nullable().default(null),
  heroImageDisplayItemId: z.string().uuid().nullable().default(null),
  designSpecification: ZDesignSpecification,
  wall: ZWall.default({ boards: [] }),
  emails: z.array(ZEmail).max(20).default([]),
  phones: z.array(ZPhone).max(20).default([]),
  locations: z.array(ZLocation).max(20).default([]),
  socialMedias: z.array(ZSocialMedia).max(30).default([]),
  links: z.array(ZLink).max(50).default([]),
  videos: z.array(ZVideo).max(20).default([]),
  /** "Let visitors share their details" (issue 26): off, the card shows no "Exchange Contact" and the exchange API answers 404. */
  exchangeEnabled: z.boolean().default(true),
  /** "Listed in search engines" (issue 29): off, the card's page asks search engines not to index it (noindex). */
  listedInSearchEngines: z.boolean().default(true),
});
export type TVirtualContactInput = z.infer<typeof ZVirtualContactInput>;

/** A new card's fields (POST /api/vbc/virtualcontact, a business's POST …/cards): a blank card is allowed, with the default design. */
export const cardCreateShape = {
  ...ZVirtualContactInput.shape,
  firstName: ZVirtualContactInput.shape.firstName.default(''),
  lastName: ZVirtualContactInput.shape.lastName.default(''),
  designSpecification: ZDesignSpecification.default({
    design: { designation: 'default' },
    theme: { designation: 'dark' },
    accentColor1: null,
    accentColor2: null,
    accentColor3: null,
  }),
};

export type TEmail = z.infer<typeof ZEmail>;
export type TPhone = z.infer<typeof ZPhone>;
export type TLink = z.infer<typeof ZLink>;
export type TLocation = z.infer<typeof ZLocation>;
export type TSocialMedia = z.infer<typeof ZSocialMedia>;
export type TVideo = z.infer<typeof ZVideo>;
export type TWall = z.infer<typeof ZWall>;

/** docs/contracts.md §3 VirtualContact as the public API returns it. */
export interface TVirtualContact {
  virtualContactId: string;
  /** Same as virtualContactId. */
  id: string;
  quickId: string;
  firstName: string;
  lastName: string;
  name: string;
  jobTitle: string | null;
  organization: string | null;
  biography: string | null;
  markdownDescriptions: string[];
  pictureDisplayItemId: string | null;
  highResPictureDisplayItemId: string | null;
  heroImageDisplayItemId: string | null;
  isCorporateProfile: boolean;
  /** Set on corporate cards: opens the 'Verified Business' dialog. */
  corporateProfileId: string | null;
  /** True while the card waits to be adopted with its passcode. */
  hasVirginAccessProtection: boolean;
  /** True when an account owns the card, so it can receive messages. */
  hasPersonalAccount: boolean;
  /** Null or 0: no PIN. 1: phones and emails need the PIN. */
  pinProtectionLevel: number | null;
  stats: { viewCount: number; downloadCount: number };
  designSpecification: {
    design: { designation: string };
    theme: { designation: string };
    accentColor1: string | null;
    accentColor2: string | null;
    accentColor3: string | null;
  };
  wall: TWall;
  picture: { displayItemId: string; contentType: string } | null;
  /** Absent while the card is PIN-protected. */
  emails?: TEmail[];
  /** Absent while the card is PIN-protected. */
  phones?: TPhone[];
  locations: TLocation[];
  socialMedias: TSocialMedia[];
  links: TLink[];
  videos: TVideo[];
  /** Visitors may leave their details ("Exchange Contact", issue 26). */
  exchangeEnabled: boolean;
  /** Search engines may index the card's page ("Listed in search engines", issue 29). */
  listedInSearchEngines: boolean;
  updatedAt: string;
  /** Issue 27: on a card a business owns, that business (`hasPersonalAccount` is false while it holds the card). */
  ownerCorporateAccountId?: string;
  /** Issue 27: the logo of the brand template of the card's business. */
  logoDisplayItemId?: string;
  /** Issue 27: `"{name} is no longer with {business}."` on a business-owned card whose holder left. */
  noLongerWith?: string;
}

export const isPinProtected = (contact: Pick<TVirtualContact, 'pinProtectionLevel'>): boolean => (contact.pinProtectionLevel ?? 0) > 0;

/** The PIN rule's message, as the PIN setting shows it. */
export const PIN_CODE_MESSAGE = 'The PIN must be 4 to 8 digits.';

/** A card's PIN as its owner sets it: 4 to 8 digits (trimmed). */
export const ZPinCode = z
  .string({ error: PIN_CODE_MESSAGE })
  .trim()
  .regex(/^\d{4,8}$/, PIN_CODE_MESSAGE);

/**
 * POST /api/vbc/validatepincode/{id}: a PIN as a visitor tried it. Any PIN up to 64
 * characters is checked (a malformed one is simply wrong); the web's PIN input is a
 * number field, so a number is taken too (a leading zero is lost that way: send a string).
 */
export const ZValidatePinBody = z.object({
  pinCode: z.union([z.string().max(64), z.number().int().nonnegative().max(99_999_999)]).transform(String),
});
export type TValidatePinBody = z.input<typeof ZValidatePinBody>;

/** docs/contracts.md §3 PIN validation response. */
export interface TPinValidation {
  accessToken: string;
  phones: TPhone[];
  emails: TEmail[];
}

/** docs/contracts.md §3 corporate profile. */
export const ZCorporateProfile = z.object({
  corporateProfileId: z.string(),
  name: z.string(),
  /** What the business does (issue 30: shown on its team page); null when not given. */
  description: z.string().nullable(),
  heroImageDisplayId: z.string().nullable(),
  profileImageDisplayId: z.string().nullable(),
  heroImage: z.object({ obsecuredDisplayItemId: z.string() }).nullable(),
  profileImage: z.object({ obsecuredDisplayItemId: z.string() }).nullable(),
  lastUpdatedAt: z.string(),
  phones: z.array(z.object({ id: z.string(), phoneNumber: z.string() })),
  emails: z.array(z.object({ id: z.string(), email: z.string() })),
  links: z.array(z.object({ id: z.string(), linkUrl: z.string() })),
  socialMedias: z.array(
    z.object({
      id: z.string(),
      socialMediaType: ZSocialMediaType,
      accountId: z.string().nullable(),
      useUrlOverride: z.boolean(),
      urlOverride: z.string().nullable(),
    }),
  ),
  locations: z.array(z.object({ id: z.string(), title: z.string().nullable(), googlePlaceId: z.string().nullable() })),
  /** The business's verified e-mail domains (issue 27), by name. */
  verifiedDomains: z.array(z.string()).optional(),
});
export type TCorporateProfile = z.infer<typeof ZCorporateProfile>;

/** docs/contracts.md §3 virtual pet (fields beyond id and name are this product's own). */
export const PET_SPECIES = ['Dog', 'Cat', 'Bird', 'Rabbit', 'Other'] as const;
export const ZVirtualPetInput = z.object({
  name: text(100).min(1, 'Required.'),
  species: z.enum(PET_SPECIES).default('Dog'),
  breed: optionalText(100),
  sex: z.enum(['Male', 'Female', 'Unknown']).default('Unknown'),
  birthDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2024-05-31')
    .nullable()
    .default(null),
  color: optionalText(60),
  pictureDisplayItemId: z.string().uuid().nullable().default(null),
  description: optionalText(2000),
  careNotes: optionalText(2000),
  medicalNotes: optionalText(2000),
  isLost: z.boolean().default(false),
  lostMessage: optionalText(1000),
  /** When true the owner's phone is shown on the public page. */
  showOwnerPhone: z.boolean().default(false),
});
export type TVirtualPetInput = z.infer<typeof ZVirtualPetInput>;
/** docs/contracts.md §3 virtual pet as the API answers (GET, create, update). */
export const ZVirtualPet = z.object({
  virtualPetId: z.string(),
  name: z.string(),
  species: z.enum(PET_SPECIES),
  breed: z.string().nullable(),
  sex: z.enum(['Male', 'Female', 'Unknown']),
  birthDate: z.string().nullable(),
  color: z.string().nullable(),
  pictureDisplayItemId: z.string().nullable(),
  picture: z.object({ obsecuredDisplayItemId: z.string() }).nullable(),
  description: z.string().nullable(),
  careNotes: z.string().nullable(),
  medicalNotes: z.string().nullable(),
  isLost: z.boolean(),
  lostMessage: z.string().nullable(),
  /** When true the owner's phone is shown on the public page. */
  showOwnerPhone: z.boolean(),
  ownerPhone: z.string().nullable(),
  /** The owner's (first) card: a finder messages the owner through it without seeing their phone. */
  ownerVirtualContactId: z.string().nullable(),
  hasPersonalAccount: z.boolean(),
  updatedAt: z.string(),
});
export type TVirtualPet = z.infer<typeof ZVirtualPet>;

/**
 * The scanner's "Type the card's code" (issue 30): a quickId as printed or read aloud (any case,
 * look-alike letters folded by `normalizeQuickId`), or a card's full id. The value is the id to open.
 */
export const ZCardCodeEntry = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'Required.')
    .transform((code) => (isUuid(code) ? code.toLowerCase() : normalizeQuickId(code)))
    .refine((code) => isUuid(code) || isQuickId(code), "A card's code is 7 letters and digits."),
});
export type TCardCodeEntry = z.input<typeof ZCardCodeEntry>;
