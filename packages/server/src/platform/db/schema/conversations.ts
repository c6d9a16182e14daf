import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { virtualContacts } from './contacts.ts';
import { displayItems, documentFiles } from './files.ts';

/**
 * A private conversation between two accounts, each speaking as one of its cards or as itself
 * (docs/contracts.md §3 Conversation; `id` is the personalConversationId). `lastSeq` is the sequence of the
 * newest message: a send increments it under the row lock, so sequences are strictly increasing
 * and gap-free on every engine.
 */
export const conversations = pgTable('conversations', {
  id: uuid('id').primaryKey().defaultRandom(),
  /**
   * The two sides, `account:card|account:card` sorted: one conversation per pair of accounts and
   * cards, found again by initiateConversation and safe against two first messages at once.
   */
  pairKey: text('pair_key').notNull().unique(),
  lastSeq: integer('last_seq').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Time of the newest message (the list is ordered by it). */
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One side of a conversation. After its account is deleted the row stays with `accountId` null
 * and `accountDeleted` true, so the other side still sees the conversation (from a deleted account).
 */
export const conversationParticipants = pgTable(
  'conversation_participants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** The card this side speaks as (fromVbcId / toVbcId), or null for the account itself. */
    vbcId: uuid('vbc_id').references(() => virtualContacts.id, { onDelete: 'set null' }),
    /** Everything up to this sequence was seen by this side; unseen = others' messages after it. */
    lastSeenSeq: integer('last_seen_seq').notNull().default(0),
    /**
     * The messages after `lastSeenSeq` that the other side sent: kept by the database's triggers
     * (migration 0033) on every message inserted and every change of `lastSeenSeq`, so the unseen
     * check and the conversation list read a number instead of counting messages.
     */
    unseenCount: integer('unseen_count').notNull().default(0),
    accountDeleted: boolean('account_deleted').notNull().default(false),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('conversation_participants_account_uq').on(t.conversationId, t.accountId),
    index('conversation_participants_account_idx').on(t.accountId),
  ],
);

/**
 * A message. `seq` is unique per conversation; `clientMessageId` is unique per conversation and
 * sender (idempotent sends). Messages of a deleted account stay, with `senderAccountId` null and
 * `senderDeleted` true.
 */
export const conversationMessages = pgTable(
  'conversation_messages',
  {
    /**
     * Time-ordered (a UUID of version 7, migration 0038): a new message's key goes at the end of the
     * primary key's index, where a random one went to any of its pages.
     */
    id: uuid('id')
      .primaryKey()
      .default(sql`uuid_time_ordered()`),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    senderAccountId: uuid('sender_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    senderDeleted: boolean('sender_deleted').notNull().default(false),
    fromVbcId: uuid('from_vbc_id').references(() => virtualContacts.id, { onDelete: 'set null' }),
    kind: text('kind').$type<'text' | 'photo' | 'document'>().notNull(),
    body: text('body').notNull().default(''),
    displayItemId: uuid('display_item_id').references(() => displayItems.id, { onDelete: 'set null' }),
    documentFileId: uuid('document_file_id').references(() => documentFiles.id, { onDelete: 'set null' }),
    clientMessageId: text('client_message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The message as a page of messages answers it (TConversationMessage, its file's address
     * unsigned), kept by the database's trigger on every insert and update (migration 0037); null
     * for a message stored before that migration, which the page writes as it reads it.
     */
    json: text('json'),
  },
  (t) => [
    unique('conversation_messages_seq_uq').on(t.conversationId, t.seq),
    unique('conversation_messages_client_id_uq').on(t.conversationId, t.senderAccountId, t.clientMessageId),
    index('conversation_messages_sender_idx').on(t.senderAccountId),
    // Is this file a conversation's (served only to its participants)? Asked on every /ds/ read.
    index('conversation_messages_display_item_idx').on(t.displayItemId),
    index('conversation_messages_document_file_idx').on(t.documentFileId),
    check('conversation_messages_kind_ck', sql`${t.kind} in ('text', 'photo', 'document')`),
  ],
);
