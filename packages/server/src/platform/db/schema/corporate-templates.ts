import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TDesignSpecification, TLink, TLocation, TSocialMedia } from '@vbc/shared';
import { corporateAccounts } from './corporate-accounts.ts';
import { displayItems } from './files.ts';

/**
 * A business's brand template (issue 27): what every card linked to the business shows. A null
 * field is not set by the template; `locked` names the fields members cannot change (the rest
 * are suggested: shown while the member's own value is empty). Applied at read time
 * (cards/apply-template.ts), so the member's own values stay stored and come back on unlinking.
 */
export const corporateTemplates = pgTable('corporate_templates', {
  corporateAccountId: uuid('corporate_account_id')
    .primaryKey()
    .references(() => corporateAccounts.id, { onDelete: 'cascade' }),
  designSpecification: jsonb('design_specification').$type<TDesignSpecification>(),
  organization: text('organization'),
  /** "About the company", markdown: the first of the card's markdown sections. */
  about: text('about'),
  links: jsonb('links').$type<TLink[]>(),
  locations: jsonb('locations').$type<TLocation[]>(),
  socialMedias: jsonb('social_medias').$type<TSocialMedia[]>(),
  logoDisplayItemId: uuid('logo_display_item_id').references(() => displayItems.id, { onDelete: 'set null' }),
  heroImageDisplayItemId: uuid('hero_image_display_item_id').references(() => displayItems.id, { onDelete: 'set null' }),
  locked: jsonb('locked').$type<string[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
