import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { virtualContacts } from './contacts.ts';
import { virtualPets } from './pets.ts';

/**
 * An Apple Wallet pass of one card or one pet (its `id` is the pass's serialNumber). One row per
 * card or pet: generating the pass again gives the same serial, so Wallet replaces the copy it has.
 * `authTokenHash` is the SHA-256 of the pass's authenticationToken (the token itself is never stored).
 * `updatedAt` moves forward (to a later second) whenever the card or pet changes: it is the pass's
 * Last-Modified and the "passesUpdatedSince" tag of Apple's web service.
 */
export const walletPasses = pgTable(
  'wallet_passes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contactId: uuid('contact_id')
      .unique()
      .references(() => virtualContacts.id, { onDelete: 'cascade' }),
    petId: uuid('pet_id')
      .unique()
      .references(() => virtualPets.id, { onDelete: 'cascade' }),
    authTokenHash: text('auth_token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('wallet_passes_one_subject', sql`(${t.contactId} is null) <> (${t.petId} is null)`)],
);

/** A device (Apple's deviceLibraryIdentifier) that registered for pass updates, with its APNs push token. */
export const walletDevices = pgTable('wallet_devices', {
  deviceLibraryId: text('device_library_id').primaryKey(),
  pushToken: text('push_token').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Which device holds which pass: each gets a push when the pass changes. */
export const walletRegistrations = pgTable(
  'wallet_registrations',
  {
    deviceLibraryId: text('device_library_id')
      .notNull()
      .references(() => walletDevices.deviceLibraryId, { onDelete: 'cascade' }),
    passId: uuid('pass_id')
      .notNull()
      .references(() => walletPasses.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.deviceLibraryId, t.passId] }), index('wallet_registrations_pass_idx').on(t.passId)],
);
