/**
 * The editor's form state and its two conversions: an owner card → form
 * (text inputs hold '' rather than null; list rows get a client key for
 * stable React rows while dragging), and form → the ZVirtualContactInput body
 * the server takes (only writable fields: the server refuses anything else).
 */
import { z } from 'zod';
import { ZEmail, ZPhone, ZVirtualContactInput, type TDesign, type TVirtualContact, type TVirtualContactInput } from '@vbc/shared/contact';
import type { TOwnerVirtualContact } from '../../api/cards.ts';
import { fieldErrors, type TFieldErrors } from '../../components/field-errors.ts';
import {
  linkInput,
  linkRow,
  locationInput,
  locationRow,
  newKey,
  orNull,
  socialInput,
  socialIssues,
  socialRow,
  type TLinkRow,
  type TLocationRow,
  type TSocialRow,
} from '../../components/editor/list-rows.ts';

export type TPhoneType = TVirtualContactInput['phones'][number]['type'];

export interface TPhoneRow {
  key: string;
  phoneNumber: string;
  type: TPhoneType;
}
export interface TEmailRow {
  key: string;
  email: string;
  name: string;
}
export interface TVideoRow {
  key: string;
  videoUrl: string;
  title: string;
}
export interface TWallPhotoRow {
  key: string;
  obsecuredDisplayItemId: string;
  width: number | null;
  height: number | null;
  caption: string;
}
export interface TBoardRow {
  key: string;
  title: string;
  items: TWallPhotoRow[];
}
export interface TMarkdownRow {
  key: string;
  text: string;
}

/** Everything the editor edits, in input-friendly shapes. */
export interface TCardForm {
  firstName: string;
  lastName: string;
  jobTitle: string;
  organization: string;
  biography: string;
  markdownDescriptions: TMarkdownRow[];
  pictureDisplayItemId: string | null;
  highResPictureDisplayItemId: string | null;
  heroImageDisplayItemId: string | null;
  design: TDesign;
  theme: string;
  /** '' means "no colour" (the product default). */
  accentColor1: string;
  accentColor2: string;
  accentColor3: string;
  phones: TPhoneRow[];
  emails: TEmailRow[];
  links: TLinkRow[];
  videos: TVideoRow[];
  locations: TLocationRow[];
  socialMedias: TSocialRow[];
  boards: TBoardRow[];
  /** "Let visitors share their details". */
  exchangeEnabled: boolean;
  /** "Listed in search engines". */
  listedInSearchEngines: boolean;
}

const s = (v: string | null | undefined): string => v ?? '';

const DESIGNS: readonly string[] = ['default', 'simple', 'artist', 'facebook'];

/** The form of a card as read for editing. */
export function cardToForm(card: TOwnerVirtualContact): TCardForm {
  const spec = card.designSpecification;
  const designation = spec.design.designation;
  return {
    firstName: s(card.firstName),
    lastName: s(card.lastName),
    jobTitle: s(card.jobTitle),
    organization: s(card.organization),
    biography: s(card.biography),
    markdownDescriptions: card.markdownDescriptions.map((text) => ({ key: newKey(), text })),
    pictureDisplayItemId: card.pictureDisplayItemId,
    highResPictureDisplayItemId: card.highResPictureDisplayItemId,
    heroImageDisplayItemId: card.heroImageDisplayItemId,
    design: (DESIGNS.includes(designation) ? designation : 'default') as TDesign,
    theme: s(spec.theme.designation) || 'dark',
    exchangeEnabled: card.exchangeEnabled,
    listedInSearchEngines: card.listedInSearchEngines,
    accentColor1: s(spec.accentColor1),
    accentColor2: s(spec.accentColor2),
    accentColor3: s(spec.accentColor3),
    phones: card.phones.map((p) => ({ key: newKey(), phoneNumber: p.phoneNumber, type: p.type })),
    emails: card.emails.map((e) => ({ key: newKey(), email: e.email, name: s(e.name) })),
    links: card.links.map(linkRow),
    videos: (card.videos ?? []).map((v) => ({ key: newKey(), videoUrl: v.videoUrl, title: s(v.title) })),
    locations: card.locations.map(locationRow),
    socialMedias: card.socialMedias.map(socialRow),
    boards: card.wall.boards.map((b) => ({
      key: newKey(),
      title: s(b.title),
      items: b.items.map((i) => ({
        key: newKey(),
        obsecuredDisplayItemId: i.photo.obsecuredDisplayItemId,
        width: i.photo.width ?? null,
        height: i.photo.height ?? null,
        caption: s(i.caption),
      })),
    })),
  };
}

/** The request body of a save: every writable field, nothing else. */
export function formToInput(form: TCardForm): TVirtualContactInput {
  return {
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    jobTitle: orNull(form.jobTitle),
    organization: orNull(form.organization),
    biography: orNull(form.biography),
    markdownDescriptions: form.markdownDescriptions.map((m) => m.text).filter((t) => t.trim()),
    exchangeEnabled: form.exchangeEnabled,
    listedInSearchEngines: form.listedInSearchEngines,
    pictureDisplayItemId: form.pictureDisplayItemId,
    highResPictureDisplayItemId: form.highResPictureDisplayItemId,
    heroImageDisplayItemId: form.heroImageDisplayItemId,
    designSpecification: {
      design: { designation: form.design },
      theme: { designation: form.theme || 'dark' },
      accentColor1: orNull(form.accentColor1),
      accentColor2: orNull(form.accentColor2),
      accentColor3: orNull(form.accentColor3),
    },
    wall: {
      boards: form.boards.map((b) => ({
        title: orNull(b.title),
        items: b.items.map((i) => ({
          photo: { obsecuredDisplayItemId: i.obsecuredDisplayItemId, width: i.width, height: i.height },
          caption: orNull(i.caption),
        })),
      })),
    },
    emails: form.emails.map((e) => ({ email: e.email.trim(), name: orNull(e.name) })),
    phones: form.phones.map((p) => ({ phoneNumber: p.phoneNumber.trim(), type: p.type })),
    locations: form.locations.map(locationInput),
    socialMedias: form.socialMedias.map(socialInput),
    links: form.links.map(linkInput),
    videos: form.videos.map((v) => ({ videoUrl: v.videoUrl.trim(), title: orNull(v.title) })),
  };
}

/** An empty value reads "Required." rather than the shared schema's format message. */
const required = (schema: z.ZodType<string, string>) => z.string().trim().min(1, 'Required.').pipe(schema);

/**
 * The shared input plus the editor's own rules: a name, a number on each phone row and an address
 * on each e-mail row, a QR image for WeChat and QR entries, an account or URL for the others.
 * (The phone and e-mail lists repeat the shared schema's limit of 20 rows.)
 */
const ZCardInput = ZVirtualContactInput.extend({
  phones: z.array(ZPhone.extend({ phoneNumber: required(ZPhone.shape.phoneNumber) })).max(20),
  emails: z.array(ZEmail.extend({ email: required(ZEmail.shape.email) })).max(20),
}).superRefine((input, ctx) => {
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  if (!input.firstName && !input.lastName) issue(['firstName'], 'Required.');
  for (const { index, field, message } of socialIssues(input.socialMedias)) issue(['socialMedias', index, field], message);
});

/**
 * The editor's values as they are checked: turned into the request body (`formToInput`) and
 * checked by the shared schema plus the editor's rules. Issues are named by the request's paths
 * ("phones.0.phoneNumber", "designSpecification.accentColor2"), as the server names them.
 */
export const ZCardForm = z
  .custom<TCardForm>()
  .transform((form): z.input<typeof ZCardInput> => formToInput(form))
  .pipe(ZCardInput);

/** The form's field errors by request path ("emails.0.email"), as `ZCardForm` finds them; empty when valid. */
export function validateForm(form: TCardForm): TFieldErrors {
  return fieldErrors(ZCardForm, form);
}

/** The card as the public layouts would show it with the form's values (for the live preview). */
export function previewCard(base: TOwnerVirtualContact, form: TCardForm): TVirtualContact {
  const input = formToInput(form);
  return {
    ...base,
    ...input,
    name: `${input.firstName} ${input.lastName}`.trim() || base.name,
    // The preview shows phones and e-mails as the owner wrote them, even on a PIN-protected card.
    pinProtectionLevel: null,
    picture: input.pictureDisplayItemId ? { displayItemId: input.pictureDisplayItemId, contentType: 'image/webp' } : null,
    designSpecification: { ...input.designSpecification, design: { designation: input.designSpecification.design.designation } },
    socialMedias: input.socialMedias,
    emails: input.emails.filter((e) => e.email),
    phones: input.phones.filter((p) => p.phoneNumber),
    links: input.links.filter((l) => l.linkUrl),
  };
}

/**
 * The input without the fields the card's business template locks (issue 27): the server refuses
 * a member's write of a locked field (403), and the card shows the template's value anyway.
 */
export function withoutLocked(input: TVirtualContactInput, template: TOwnerVirtualContact['template']): Partial<TVirtualContactInput> {
  if (!template) return input;
  const locked = new Set<string>(template.locked);
  return Object.fromEntries(Object.entries(input).filter(([key]) => !locked.has(key))) as Partial<TVirtualContactInput>;
}
