/**
 * The console's brand-template form (issue 27) and its two conversions: the template as
 * GET …/template answers it → the form (text inputs hold '', list rows get client keys), and the
 * form → the whole PUT …/template body. Checked by the shared schema (`ZCorporateTemplateInput`)
 * plus the social-entry rule the card editor applies; issues are named by the request's paths
 * ("links.0.linkUrl", "designSpecification.accentColor1"), as the server names them.
 */
import { z } from 'zod';
import type { TDesign } from '@vbc/shared/contact';
import {
  TEMPLATE_FIELDS,
  ZCorporateTemplateInput,
  type TCorporateTemplate,
  type TCorporateTemplateInput,
  type TTemplateField,
} from '@vbc/shared/team-template';
import {
  linkInput,
  linkRow,
  locationInput,
  locationRow,
  orNull,
  socialInput,
  socialIssues,
  socialRow,
  type TLinkRow,
  type TLocationRow,
  type TSocialRow,
} from '../../components/editor/list-rows.ts';
import type { TPictureField } from './PictureField.tsx';

export interface TTemplateForm {
  /** '' leaves the layout and colours to each member (no designSpecification in the template). */
  design: TDesign | '';
  theme: string;
  /** '' means "no colour" (the product default). */
  accentColor1: string;
  accentColor2: string;
  accentColor3: string;
  organization: string;
  about: string;
  links: TLinkRow[];
  locations: TLocationRow[];
  socialMedias: TSocialRow[];
  logo: TPictureField | null;
  hero: TPictureField | null;
  /** The fields members cannot change; every other field the template sets is a suggestion. */
  locked: TTemplateField[];
}

/** A stored picture: its displayItemId also names it for the preview (/ds/vbc/odisplay takes either id). */
const picture = (id: string | null): TPictureField | null => (id ? { ref: id, obsecuredId: id } : null);

/** The template as the form edits it. */
export function templateToForm(t: TCorporateTemplate): TTemplateForm {
  const spec = t.designSpecification;
  return {
    design: spec?.design.designation ?? '',
    theme: spec?.theme.designation ?? 'dark',
    accentColor1: spec?.accentColor1 ?? '',
    accentColor2: spec?.accentColor2 ?? '',
    accentColor3: spec?.accentColor3 ?? '',
    organization: t.organization ?? '',
    about: t.about ?? '',
    links: t.links.map(linkRow),
    locations: t.locations.map(locationRow),
    socialMedias: t.socialMedias.map(socialRow),
    logo: picture(t.logoDisplayItemId),
    hero: picture(t.heroImageDisplayItemId),
    locked: TEMPLATE_FIELDS.filter((f) => t.locked.includes(f)),
  };
}

/** The form as PUT /api/corporate/{corporateAccountId}/template takes it: the whole template. */
export function templateFormToInput(form: TTemplateForm): TCorporateTemplateInput {
  return {
    designSpecification: form.design
      ? {
          design: { designation: form.design },
          theme: { designation: form.theme || 'dark' },
          accentColor1: orNull(form.accentColor1),
          accentColor2: orNull(form.accentColor2),
          accentColor3: orNull(form.accentColor3),
        }
      : null,
    organization: orNull(form.organization),
    about: orNull(form.about),
    links: form.links.map(linkInput),
    locations: form.locations.map(locationInput),
    socialMedias: form.socialMedias.map(socialInput),
    logoDisplayItemId: form.logo?.ref ?? null,
    heroImageDisplayItemId: form.hero?.ref ?? null,
    locked: TEMPLATE_FIELDS.filter((f) => form.locked.includes(f)),
  };
}

/** The form as it is checked: turned into the PUT body and checked by the shared schema and the social-entry rule. */
export const ZTemplateForm = z
  .custom<TTemplateForm>()
  .transform((form): z.input<typeof ZCorporateTemplateInput> => templateFormToInput(form))
  .pipe(
    ZCorporateTemplateInput.superRefine((input, ctx) => {
      for (const { index, field, message } of socialIssues(input.socialMedias))
        ctx.addIssue({ code: 'custom', path: ['socialMedias', index, field], message });
    }),
  );

/** Locks or unlocks one field. */
export const withLock = (locked: readonly TTemplateField[], field: TTemplateField, on: boolean): TTemplateField[] =>
  TEMPLATE_FIELDS.filter((f) => (f === field ? on : locked.includes(f)));
