import { z } from 'zod';
import { SOCIAL_MEDIA_TYPES, type TCorporateProfile, type TSocialMediaType } from '@vbc/shared/contact';
import { ZCorporateProfileInput, type TCorporateProfileInput } from '@vbc/shared/corporate';
import type { TPictureField } from './PictureField.tsx';

/** The console's corporate-profile form: every docs/contracts.md §3 field, lists as rows of text. */
export interface TProfileForm {
  name: string;
  description: string;
  hero: TPictureField | null;
  logo: TPictureField | null;
  phones: { id?: string; phoneNumber: string }[];
  emails: { id?: string; email: string }[];
  links: { id?: string; linkUrl: string }[];
  socialMedias: { id?: string; socialMediaType: TSocialMediaType; accountId: string; useUrlOverride: boolean; urlOverride: string }[];
  locations: { id?: string; title: string; googlePlaceId: string }[];
}

export type TListKey = 'phones' | 'emails' | 'links' | 'socialMedias' | 'locations';

const picture = (id: string | null, image: { obsecuredDisplayItemId: string } | null): TPictureField | null =>
  id && image ? { ref: id, obsecuredId: image.obsecuredDisplayItemId } : null;

/** The profile as the form edits it. */
export function toForm(profile: TCorporateProfile): TProfileForm {
  return {
    name: profile.name,
    description: profile.description ?? '',
    hero: picture(profile.heroImageDisplayId, profile.heroImage),
    logo: picture(profile.profileImageDisplayId, profile.profileImage),
    phones: profile.phones.map((p) => ({ ...p })),
    emails: profile.emails.map((e) => ({ ...e })),
    links: profile.links.map((l) => ({ ...l })),
    socialMedias: profile.socialMedias.map((s) => ({ ...s, accountId: s.accountId ?? '', urlOverride: s.urlOverride ?? '' })),
    locations: profile.locations.map((l) => ({ ...l, title: l.title ?? '', googlePlaceId: l.googlePlaceId ?? '' })),
  };
}

/** A new, empty row of a list. */
export function emptyRow<K extends TListKey>(key: K): TProfileForm[K][number] {
  const rows: { [L in TListKey]: TProfileForm[L][number] } = {
    phones: { phoneNumber: '' },
    emails: { email: '' },
    links: { linkUrl: '' },
    socialMedias: { socialMediaType: SOCIAL_MEDIA_TYPES[0], accountId: '', useUrlOverride: false, urlOverride: '' },
    locations: { title: '', googlePlaceId: '' },
  };
  return rows[key];
}

const orNull = (v: string) => (v.trim() === '' ? null : v);

/** The form as PUT /api/corporate/{id}/profile takes it. */
export function toInput(form: TProfileForm): TCorporateProfileInput {
  return {
    name: form.name,
    description: orNull(form.description),
    heroImageDisplayId: form.hero?.ref ?? null,
    profileImageDisplayId: form.logo?.ref ?? null,
    phones: form.phones,
    emails: form.emails,
    links: form.links,
    socialMedias: form.socialMedias.map((s) => ({ ...s, accountId: orNull(s.accountId), urlOverride: orNull(s.urlOverride) })),
    locations: form.locations.map((l) => ({ ...l, title: orNull(l.title), googlePlaceId: orNull(l.googlePlaceId) })),
  };
}

/** The form as the shared schema checks it (the input it is sent as); issues are named by the schema's paths ("name", "emails.0.email"). */
export const ZProfileForm = z
  .custom<TProfileForm>()
  .transform((form): z.input<typeof ZCorporateProfileInput> => toInput(form))
  .pipe(ZCorporateProfileInput);
