import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { corporateAccounts, corporateTemplates } from '../platform/db/schema/index.ts';
import { applyTemplate, type TemplateRow } from './apply-template.ts';
import type { FoundContact } from './find-contact.ts';

/** A business's brand template, by its corporate profile (null while it has none). */
export async function findTemplateOfProfile(db: Db, corporateProfileId: string): Promise<TemplateRow | null> {
  const [row] = await db
    .select({ template: corporateTemplates })
    .from(corporateTemplates)
    .innerJoin(corporateAccounts, eq(corporateAccounts.id, corporateTemplates.corporateAccountId))
    .where(eq(corporateAccounts.corporateProfileId, corporateProfileId))
    .limit(1);
  return row?.template ?? null;
}

const isNewer = (a: TemplateRow | null, b: TemplateRow | null) =>
  a !== null && (b === null || a.updatedAt.getTime() > b.updatedAt.getTime());

/**
 * The latest brand templates this instance has heard of, applied to cached cards at read time: a
 * template change costs one template read per instance, not a re-read of each of the business's
 * (thousands of) cached cards. A cached card read with an older template is shown with the newer
 * one (derived once per card and template, so its public JSON is still serialized once).
 */
export class TemplateOverlay {
  private latest = new Map<string, TemplateRow | null>();
  private derived = new WeakMap<FoundContact, { template: TemplateRow | null; found: FoundContact }>();

  constructor(private readonly db: Db) {}

  /** Reads the profile's template now and shows it on every cached card linked to it. */
  async refresh(corporateProfileId: string): Promise<void> {
    const template = await findTemplateOfProfile(this.db, corporateProfileId);
    if (isNewer(template, this.latest.get(corporateProfileId) ?? null) || !this.latest.has(corporateProfileId))
      this.latest.set(corporateProfileId, template);
  }

  /** The card as the latest template known shows it. */
  apply(found: FoundContact): FoundContact {
    const business = found.business;
    const profileId = found.stored.corporateProfileId;
    if (!business || !profileId || !this.latest.has(profileId)) return found;
    const template = this.latest.get(profileId) ?? null;
    if (!isNewer(template, business.template)) return found;
    const known = this.derived.get(found);
    if (known && known.template === template) return known.found;
    const withTemplate = { ...business, template };
    const next: FoundContact = { ...found, business: withTemplate, row: applyTemplate(found.stored, withTemplate) };
    this.derived.set(found, { template, found: next });
    return next;
  }
}
