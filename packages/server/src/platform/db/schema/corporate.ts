import { boolean, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TCorporateProfile } from '@vbc/shared';
import { displayItems } from './files.ts';

/** A business's verified profile, shown in the 'Verified Business' dialog (docs/contracts.md §3). */
export const corporateProfiles = pgTable('corporate_profiles', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** What the business does, a few lines (issue 30: its team page shows it). */
  description: text('description'),
  verified: boolean('verified').notNull().default(false),
  heroImageDisplayId: uuid('hero_image_display_id').references(() => displayItems.id, { onDelete: 'set null' }),
  profileImageDisplayId: uuid('profile_image_display_id').references(() => displayItems.id, { onDelete: 'set null' }),
  phones: jsonb('phones').$type<TCorporateProfile['phones']>().notNull().default([]),
  emails: jsonb('emails').$type<TCorporateProfile['emails']>().notNull().default([]),
  links: jsonb('links').$type<TCorporateProfile['links']>().notNull().default([]),
  socialMedias: jsonb('social_medias').$type<TCorporateProfile['socialMedias']>().notNull().default([]),
  locations: jsonb('locations').$type<TCorporateProfile['locations']>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
