import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TVirtualPetInput } from '@vbc/shared';
import { accounts } from './accounts.ts';
import { displayItems } from './files.ts';

/** A virtual pet tag. `details` holds the fields of ZVirtualPetInput beyond name and picture. */
export const virtualPets = pgTable('virtual_pets', {
  id: uuid('id').primaryKey().defaultRandom(),
  ownerAccountId: uuid('owner_account_id').references(() => accounts.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  pictureDisplayItemId: uuid('picture_display_item_id').references(() => displayItems.id, { onDelete: 'set null' }),
  details: jsonb('details').$type<Omit<TVirtualPetInput, 'name' | 'pictureDisplayItemId'>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
