import { eq } from 'drizzle-orm';
import type { TCorporateTemplate, TCorporateTemplateValues, TTemplateField } from '@vbc/shared/team-template';
import type { Db } from '../platform/db/client.ts';
import { corporateAccounts, corporateProfiles, corporateTemplates } from '../platform/db/schema/index.ts';
import { notFound } from '../platform/errors/app-error.ts';
import { claimPicture } from '../files/index.ts';
import type { TCardLinkDeps } from './deps.ts';
import { recordAudit } from './audit.ts';

async function findBusinessTemplate(db: Db, corporateAccountId: string) {
  const [row] = await db
    .select({ name: corporateProfiles.name, corporateProfileId: corporateAccounts.corporateProfileId, template: corporateTemplates })
    .from(corporateAccounts)
    .innerJoin(corporateProfiles, eq(corporateProfiles.id, corporateAccounts.corporateProfileId))
    .leftJoin(corporateTemplates, eq(corporateTemplates.corporateAccountId, corporateAccounts.id))
    .where(eq(corporateAccounts.id, corporateAccountId))
    .limit(1);
  if (!row) throw notFound('corporate account');
  return row;
}

/** The business's brand template (every field empty and nothing locked while it has none). */
export async function findTemplate(db: Db, corporateAccountId: string): Promise<TCorporateTemplate> {
  const { name, template } = await findBusinessTemplate(db, corporateAccountId);
  return {
    corporateAccountId,
    business: name,
    designSpecification: template?.designSpecification ?? null,
    organization: template?.organization ?? null,
    about: template?.about ?? null,
    links: template?.links ?? [],
    locations: template?.locations ?? [],
    socialMedias: template?.socialMedias ?? [],
    logoDisplayItemId: template?.logoDisplayItemId ?? null,
    heroImageDisplayItemId: template?.heroImageDisplayItemId ?? null,
    locked: (template?.locked ?? []) as TTemplateField[],
    updatedAt: template?.updatedAt.toISOString() ?? null,
  };
}

/**
 * Console (admin): replaces the brand template. Its pictures are uploads of the editor's own, or
 * the ones the template shows now. Every linked card shows the change at once: after the commit
 * one notice drops them all from every instance's cache (`linkedChanged`).
 */
export async function updateTemplate(
  { db, linkedChanged }: TCardLinkDeps,
  editorId: string,
  corporateAccountId: string,
  input: TCorporateTemplateValues,
): Promise<TCorporateTemplate> {
  const { corporateProfileId } = await db.transaction(async (tx) => {
    const business = await findBusinessTemplate(tx, corporateAccountId);
    const shown = business.template;
    const picture = (field: 'logoDisplayItemId' | 'heroImageDisplayItemId') =>
      input[field] === null ? null : claimPicture(tx, field, input[field], editorId, shown?.[field] ?? null);
    const values = {
      designSpecification: input.designSpecification,
      organization: input.organization || null,
      about: input.about || null,
      links: input.links,
      locations: input.locations,
      socialMedias: input.socialMedias,
      logoDisplayItemId: await picture('logoDisplayItemId'),
      heroImageDisplayItemId: await picture('heroImageDisplayItemId'),
      locked: input.locked,
      updatedAt: new Date(),
    };
    await tx
      .insert(corporateTemplates)
      .values({ corporateAccountId, ...values })
      .onConflictDoUpdate({ target: corporateTemplates.corporateAccountId, set: values });
    await recordAudit(tx, { corporateAccountId, actorAccountId: editorId, action: 'template.updated', detail: { locked: input.locked } });
    return business;
  });
  await linkedChanged(corporateProfileId);
  return findTemplate(db, corporateAccountId);
}
