import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TDesignSpecification, TEmail, TLink, TLocation, TPhone, TSocialMedia, TVideo, TWall } from '@vbc/shared';
import { accounts } from './accounts.ts';
import { corporateProfiles } from './corporate.ts';
import { corporateAccounts } from './corporate-accounts.ts';
import { displayItems } from './files.ts';

/** Design as stored: the designation may be a name this version has no layout for. */
type StoredDesign = Omit<TDesignSpecification, 'design'> & { design: { designation: string } };

/** docs/contracts.md §3 VirtualContact. Lists are JSON validated by the zod schemas of @vbc/shared. */
export const virtualContacts = pgTable(
  'virtual_contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quickId: text('quick_id').notNull().unique(),
    ownerAccountId: uuid('owner_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    corporateProfileId: uuid('corporate_profile_id').references(() => corporateProfiles.id, { onDelete: 'set null' }),
    /**
     * Set on a card the business owns (issue 27): `ownerAccountId` is then the member it is assigned
     * to, or null while the business holds it.
     */
    ownerCorporateAccountId: uuid('owner_corporate_account_id').references(() => corporateAccounts.id, { onDelete: 'set null' }),
    /** The name of the member a business-owned card was taken back from when they left; null once reassigned. */
    formerHolderName: text('former_holder_name'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    jobTitle: text('job_title'),
    organization: text('organization'),
    biography: text('biography'),
    markdownDescriptions: jsonb('markdown_descriptions').$type<string[]>().notNull().default([]),
    pictureDisplayItemId: uuid('picture_display_item_id').references(() => displayItems.id, { onDelete: 'set null' }),
    highResPictureDisplayItemId: uuid('high_res_picture_display_item_id').references(() => displayItems.id, { onDelete: 'set null' }),
    heroImageDisplayItemId: uuid('hero_image_display_item_id').references(() => displayItems.id, { onDelete: 'set null' }),
    designSpecification: jsonb('design_specification').$type<StoredDesign>().notNull(),
    wall: jsonb('wall').$type<TWall>().notNull().default({ boards: [] }),
    emails: jsonb('emails').$type<TEmail[]>().notNull().default([]),
    phones: jsonb('phones').$type<TPhone[]>().notNull().default([]),
    locations: jsonb('locations').$type<TLocation[]>().notNull().default([]),
    socialMedias: jsonb('social_medias').$type<TSocialMedia[]>().notNull().default([]),
    links: jsonb('links').$type<TLink[]>().notNull().default([]),
    videos: jsonb('videos').$type<TVideo[]>().notNull().default([]),
    /** "Let visitors share their details" (issue 26): off, the exchange API answers 404. */
    exchangeEnabled: boolean('exchange_enabled').notNull().default(true),
    /** "Listed in search engines" (issue 29): off, the card's page says noindex. */
    listedInSearchEngines: boolean('listed_in_search_engines').notNull().default(true),
    /** scrypt hash of the owner's PIN; null when the card has none. */
    pinHash: text('pin_hash'),
    pinProtectionLevel: integer('pin_protection_level'),
    /** Moves on every PIN set, change or removal; PIN access tokens are signed with it, so earlier ones stop working. */
    pinVersion: integer('pin_version').notNull().default(0),
    /** Hash of the adoption passcode while the card waits to be adopted. */
    passcodeHash: text('passcode_hash'),
    viewCount: bigint('view_count', { mode: 'number' }).notNull().default(0),
    downloadCount: bigint('download_count', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The card as the lists show it (TCardSummary: a business directory's page, recents, search),
     * kept by the database's trigger on an insert and on an update of the columns it shows (migration
     * 0039). Only those lists read it: a card's other reads select contactColumns. Null for a card
     * stored before that migration until cards/fill-summaries.ts writes it.
     */
    summaryJson: text('summary_json'),
  },
  (t) => [
    index('virtual_contacts_owner_idx').on(t.ownerAccountId),
    // A business directory: its linked cards by name, a page at a time, and their count (issue 28);
    // a template change finds the cards linked to the business by it too.
    index('virtual_contacts_corporate_profile_idx').on(t.corporateProfileId, t.firstName, t.lastName, t.id),
    index('virtual_contacts_owner_corporate_idx').on(t.ownerCorporateAccountId),
    // The cards whose summary is still to be written (cards/fill-summaries.ts): empty once it is done.
    index('virtual_contacts_summary_missing_idx')
      .on(t.id)
      .where(sql`summary_json is null`),
  ],
);

/**
 * How many cards are linked to each business profile (`virtual_contacts.corporate_profile_id`):
 * a business directory's `cardCount` (issue 28), read instead of counting a business of 10,000
 * cards on every list and page. Kept by triggers on `virtual_contacts` in the same transaction as
 * the card's insert, link, unlink or deletion (migration 0029); a profile with no row has none.
 */
export const corporateProfileCardCounts = pgTable('corporate_profile_card_counts', {
  corporateProfileId: uuid('corporate_profile_id')
    .primaryKey()
    .references(() => corporateProfiles.id, { onDelete: 'cascade' }),
  cardCount: integer('card_count').notNull().default(0),
});

/** Views and downloads per card per UTC day, for the owner's chart. */
export const contactDailyStats = pgTable(
  'contact_daily_stats',
  {
    contactId: uuid('contact_id')
      .notNull()
      .references(() => virtualContacts.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    views: integer('views').notNull().default(0),
    downloads: integer('downloads').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.contactId, t.day] })],
);

/**
 * Views, downloads and link clicks per card per UTC day per source (issue 29: `direct` or a share
 * surface's `s=` tag). Counts only: nothing about a visitor is kept.
 */
export const contactSourceStats = pgTable(
  'contact_source_stats',
  {
    contactId: uuid('contact_id')
      .notNull()
      .references(() => virtualContacts.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    /** `direct`, `qr`, `nfc`, `link`, `wallet`, `sig` or `bg` (@vbc/shared visit-source.ts). */
    source: text('source').notNull(),
    views: integer('views').notNull().default(0),
    downloads: integer('downloads').notNull().default(0),
    linkClicks: integer('link_clicks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.contactId, t.day, t.source] })],
);
