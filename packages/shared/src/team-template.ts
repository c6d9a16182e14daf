/**
 * Issue 27, teams: a business's brand template (console → Template) and the cards a business owns.
 * Request schemas shared by the server routes and the console's forms, and the shapes the API
 * answers with. Import as `@vbc/shared/team-template`.
 */
import { z } from 'zod';
import { cardCreateShape, ZDesignSpecification, ZLink, ZLocation, ZSocialMedia } from './contact.ts';
import { zText } from './text.ts';

/** The template's fields, by VirtualContact's names (`about` and `logoDisplayItemId` are the template's own). */
export const TEMPLATE_FIELDS = [
  'designSpecification',
  'organization',
  'about',
  'links',
  'locations',
  'socialMedias',
  'logoDisplayItemId',
  'heroImageDisplayItemId',
] as const;
export type TTemplateField = (typeof TEMPLATE_FIELDS)[number];

/** Console labels of the template's fields. */
export const TEMPLATE_FIELD_LABELS: Record<TTemplateField, string> = {
  designSpecification: 'Layout and colours',
  organization: 'Organization',
  about: 'About the company',
  links: 'Company links',
  locations: 'Office locations',
  socialMedias: 'Social links',
  logoDisplayItemId: 'Logo',
  heroImageDisplayItemId: 'Cover image',
};

const ZTemplateField = z.enum(TEMPLATE_FIELDS, { error: `must be one of ${TEMPLATE_FIELDS.join(', ')}` });
/** A picture: the displayItemId or obsecuredDisplayItemId of an upload (POST /api/files/display); null for none. */
const pictureRef = z.string().trim().min(1).max(100).nullable().default(null);

/**
 * PUT /api/corporate/{corporateAccountId}/template: the whole template. A null (or empty list)
 * field is not part of the template; `locked` names the fields members cannot change, every other
 * field set is suggested (shown while the member's own value is empty).
 */
export const ZCorporateTemplateInput = z.strictObject({
  designSpecification: ZDesignSpecification.nullable().default(null),
  organization: zText().trim().max(150, 'Max 150 characters').nullable().default(null),
  about: zText().trim().max(20_000, 'Max 20000 characters').nullable().default(null),
  links: z.array(ZLink).max(50).default([]),
  locations: z.array(ZLocation).max(20).default([]),
  socialMedias: z.array(ZSocialMedia).max(30).default([]),
  logoDisplayItemId: pictureRef,
  heroImageDisplayItemId: pictureRef,
  locked: z
    .array(ZTemplateField)
    .max(TEMPLATE_FIELDS.length)
    .default([])
    .transform((fields) => [...new Set(fields)]),
});
export type TCorporateTemplateInput = z.input<typeof ZCorporateTemplateInput>;
export type TCorporateTemplateValues = z.output<typeof ZCorporateTemplateInput>;

/** GET/PUT …/template answer, as a zod schema for the route's response. */
export const ZCorporateTemplate = z.object({
  corporateAccountId: z.string(),
  business: z.string(),
  designSpecification: ZDesignSpecification.nullable(),
  organization: z.string().nullable(),
  about: z.string().nullable(),
  links: z.array(ZLink),
  locations: z.array(ZLocation),
  socialMedias: z.array(ZSocialMedia),
  logoDisplayItemId: z.string().nullable(),
  heroImageDisplayItemId: z.string().nullable(),
  locked: z.array(ZTemplateField),
  updatedAt: z.string().nullable(),
});

/** GET/PUT …/template answer: the template (all fields null/empty when none is set), its business and time. */
export interface TCorporateTemplate extends TCorporateTemplateValues {
  corporateAccountId: string;
  /** The business's name, as a locked field's notice shows it. */
  business: string;
  /** Null while the business has never saved a template. */
  updatedAt: string | null;
}

/** What the editor of a linked card learns of its business's template: who sets which fields. */
export interface TCardTemplateInfo {
  corporateAccountId: string;
  business: string;
  locked: TTemplateField[];
}

/** A locked field's refusal and its read-only notice: `"{field} is set by {business}"`. */
export const lockedFieldMessage = (field: string, business: string): string => `${field} is set by ${business}`;

/** The notice a business-owned card shows once its holder has left: `"{name} is no longer with {business}."`. */
export const noLongerWithMessage = (name: string, business: string): string => `${name} is no longer with ${business}.`;

/** POST /api/corporate/{corporateAccountId}/cards: a business-owned card's fields, optionally assigned to a member. */
export const ZBusinessCardInput = z.strictObject({
  ...cardCreateShape,
  assigneeAccountId: z.string().uuid('must be a member account id').nullable().default(null),
});
export type TBusinessCardInput = z.input<typeof ZBusinessCardInput>;

/** PUT /api/corporate/{corporateAccountId}/cards/{contactId}/assignee: a member, or null to take the card back. */
export const ZAssigneeInput = z.strictObject({
  accountId: z.string({ error: 'accountId must be a member account id or null' }).uuid('must be a member account id').nullable(),
});

/** A business-owned card as the console lists it (GET …/cards; POST and the assignee PUT answer one). */
export const ZBusinessCard = z.object({
  virtualContactId: z.string(),
  quickId: z.string(),
  name: z.string(),
  jobTitle: z.string().nullable(),
  ownerCorporateAccountId: z.string(),
  assigneeAccountId: z.string().nullable(),
  assigneeName: z.string().nullable(),
  /** Set while the card shows "{name} is no longer with {business}.". */
  formerHolderName: z.string().nullable(),
});
export type TBusinessCard = z.infer<typeof ZBusinessCard>;
