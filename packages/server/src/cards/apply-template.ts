import { noLongerWithMessage, type TCardTemplateInfo, type TTemplateField } from '@vbc/shared/team-template';
import type { corporateTemplates } from '../platform/db/schema/index.ts';
import type { ContactRow } from './present-card.ts';

export type TemplateRow = typeof corporateTemplates.$inferSelect;

/** The business a linked card belongs to, as a card read finds it: its name, main contact and template. */
export interface CardBusiness {
  corporateAccountId: string;
  name: string;
  /** The business profile's first e-mail and phone: what a card whose holder left shows instead. */
  mainEmail: string | null;
  mainPhone: string | null;
  template: TemplateRow | null;
}

const isEmpty = (value: unknown): boolean =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** The template's value of a field, or undefined when the template does not set it. */
function templateValue(template: TemplateRow, field: TTemplateField): unknown {
  const value = template[field];
  return isEmpty(value) ? undefined : value;
}

/** The card fields a template field overlays one to one (`about` and the logo are handled apart). */
const OVERLAID = ['designSpecification', 'organization', 'links', 'locations', 'socialMedias', 'heroImageDisplayItemId'] as const;

/**
 * The card as its business's template shows it: a locked field is the template's value (a locked
 * list or text the template leaves empty is empty; a locked design it leaves unset stays the member's), a
 * suggested one is the template's while the member's own is empty; `about` becomes the first
 * markdown section (locked: always, suggested: while the member has none). The stored row is not
 * changed, so unlinking gives the member their own values back. A business-owned card whose holder
 * left shows the business's main contact and the notice. `forOwner` leaves the markdown sections
 * as stored (the editor writes them back).
 */
export function applyTemplate(stored: ContactRow, business: CardBusiness | null, forOwner = false): ContactRow {
  if (!business) return stored;
  const row: ContactRow = { ...stored };
  const template = business.template;
  if (template) {
    const locked = new Set(template.locked);
    const mutable = row as unknown as Record<string, unknown>;
    for (const field of OVERLAID) {
      if (locked.has(field))
        mutable[field] = template[field] ?? (field === 'designSpecification' ? stored[field] : Array.isArray(stored[field]) ? [] : null);
      else if (templateValue(template, field) !== undefined && isEmpty(mutable[field])) mutable[field] = template[field];
    }
    const about = templateValue(template, 'about') as string | undefined;
    if (about !== undefined && !forOwner) {
      if (locked.has('about')) row.markdownDescriptions = [about, ...stored.markdownDescriptions];
      else if (stored.markdownDescriptions.length === 0) row.markdownDescriptions = [about];
    }
    const logo = templateValue(template, 'logoDisplayItemId') as string | undefined;
    if (logo !== undefined) row.logoDisplayItemId = logo;
  }
  if (stored.ownerCorporateAccountId !== null && stored.ownerAccountId === null && stored.formerHolderName) {
    row.noLongerWith = noLongerWithMessage(stored.formerHolderName, business.name);
    row.emails = business.mainEmail ? [{ email: business.mainEmail, name: business.name }] : [];
    row.phones = business.mainPhone ? [{ phoneNumber: business.mainPhone, type: 'Work' }] : [];
  }
  return row;
}

/** What the editor of a linked card is told: which fields its business sets. */
export function templateInfo(business: CardBusiness | null): TCardTemplateInfo | undefined {
  if (!business?.template) return undefined;
  return {
    corporateAccountId: business.corporateAccountId,
    business: business.name,
    locked: business.template.locked as TTemplateField[],
  };
}
