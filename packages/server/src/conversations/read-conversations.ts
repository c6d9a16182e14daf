import { and, asc, desc, eq, gt, lt, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TConversationMessage, TConversationSummary, THaveUnseenMessages } from '@vbc/shared/conversation';
import type { Db } from '../platform/db/client.ts';
import { allByElement, askedAccounts, askedRows, batchedStatement, oneByElement } from '../platform/db/batched-statement.ts';
import { jsonArrayText } from '../platform/db/json-text.ts';
import { preparedQuery } from '../platform/db/prepared.ts';
import { qualified } from '../platform/db/qualified.ts';
import {
  accounts,
  conversationMessages,
  conversationParticipants,
  conversations,
  displayItems,
  documentFiles,
  virtualContacts,
} from '../platform/db/schema/index.ts';
import { notFound } from '../platform/errors/app-error.ts';
import { hasFile, messageColumns, presentCounterpart, presentMessage, storedMessageJson, type TMessageRecord } from './present-message.ts';

export type ParticipantRow = typeof conversationParticipants.$inferSelect;

/**
 * The caller's side of a conversation, or a 404 when the conversation does not exist or the
 * caller is not in it (the same answer, so ids of others' conversations cannot be probed).
 */
export async function requireParticipant(db: Db, conversationId: string, accountId: string): Promise<ParticipantRow> {
  const [row] = await db
    .select()
    .from(conversationParticipants)
    .where(and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.accountId, accountId)))
    .limit(1);
  if (!row) throw notFound('conversation');
  return row;
}

/** The conversations of a batch of reads (the `conversationIds` array) as `asked.conversation_id`, numbered `asked.n`. */
const askedConversations = askedRows({ conversation_id: ['conversationIds', 'uuid'] });

/**
 * Both rows of a conversation: each send, and each event's recipients, read them. Prepared once and
 * batched across requests (platform/db/batched-statement.ts): the reads that meet under load are
 * one statement over the array of their conversations.
 */
const sidesOf = batchedStatement(
  preparedQuery((db) =>
    db
      .select({ n: sql<number>`asked.n`, side: conversationParticipants })
      .from(askedConversations)
      .innerJoin(conversationParticipants, eq(conversationParticipants.conversationId, sql`asked.conversation_id`))
      // The same order alone and batched.
      .orderBy(sql`asked.n`, conversationParticipants.id)
      .prepare('conversation_sides_of_conversations'),
  ),
  async (statement, conversationIds: readonly string[]) =>
    allByElement(conversationIds.length, await statement.execute({ conversationIds }), (row) => row.side),
);

/**
 * Both sides of a conversation and which one is the caller's, or the same 404 as requireParticipant.
 * `accountIds`: the sides whose accounts still exist (who events go to).
 */
export async function requireSides(
  db: Db,
  conversationId: string,
  accountId: string,
): Promise<{ me: ParticipantRow; other: ParticipantRow | undefined; accountIds: string[] }> {
  const rows = await sidesOf(db, conversationId);
  const me = rows.find((r) => r.accountId === accountId);
  if (!me) throw notFound('conversation');
  return { me, other: rows.find((r) => r !== me), accountIds: accountIdsIn(rows) };
}

/** The sides whose accounts still exist. */
const accountIdsIn = (rows: ParticipantRow[]): string[] => rows.flatMap((r) => (r.accountId ? [r.accountId] : []));

/** Accounts (not deleted) taking part in a conversation: who its events go to. */
export async function participantAccountIds(db: Db, conversationId: string): Promise<string[]> {
  return accountIdsIn(await sidesOf(db, conversationId));
}

/** Messages with their attachment columns; add where / order / limit. */
function selectMessages(db: Db) {
  return db
    .select({
      message: messageColumns(conversationMessages),
      photo: { obsecuredId: displayItems.obsecuredId, width: displayItems.width, height: displayItems.height },
      document: { id: documentFiles.id, name: documentFiles.name, contentType: documentFiles.contentType, size: documentFiles.size },
    })
    .from(conversationMessages)
    .leftJoin(displayItems, eq(displayItems.id, conversationMessages.displayItemId))
    .leftJoin(documentFiles, eq(documentFiles.id, conversationMessages.documentFileId));
}

/** One message by id, presented. */
export async function getMessage(db: Db, messageId: string): Promise<TConversationMessage> {
  const [record] = await selectMessages(db).where(eq(conversationMessages.id, messageId)).limit(1);
  if (!record) throw notFound('message');
  return presentMessage(record as TMessageRecord);
}

export interface TPageQuery {
  after?: number;
  before?: number;
  limit: number;
}

/**
 * A page of messages, oldest first. `after` alone: the first `limit` messages after that sequence
 * (catch-up). `before`: the `limit` messages just before it (scroll back). Neither: the latest.
 */
export async function listMessages(db: Db, conversationId: string, page: TPageQuery): Promise<TConversationMessage[]> {
  const where: SQL[] = [eq(conversationMessages.conversationId, conversationId)];
  if (page.after !== undefined) where.push(gt(conversationMessages.seq, page.after));
  if (page.before !== undefined) where.push(lt(conversationMessages.seq, page.before));
  const forward = page.after !== undefined;
  const rows = await selectMessages(db)
    .where(and(...where))
    .orderBy(forward ? asc(conversationMessages.seq) : desc(conversationMessages.seq))
    .limit(page.limit);
  if (!forward) rows.reverse();
  return presentMessages(rows);
}

/** The largest sequence a page can stop before (PostgreSQL's integer): a page without `before`. */
const NO_SEQ_ABOVE = 2_147_483_647;

/** A page asked for in a batch: the element's conversation, reader and bounds. */
interface TPageAsked {
  conversationId: string;
  accountId: string;
  after: number;
  before: number;
  limit: number;
}

/**
 * Pages of conversations' messages, each as the JSON text of TConversationMessage[] (oldest first),
 * written by PostgreSQL (storedMessageJson), only for one of its participants (an `exists`, checked once
 * per page): forward (after `after`) or backward (the newest before `before`). `files`: whether
 * some message has a file, whose address each reader gets signed. Every message screen reads one:
 * a page of rows made into objects and then into JSON cost the server more than the whole request
 * besides (docs/benchmarks.md), and the pages asked for at once under load are one statement
 * (platform/db/batched-statement.ts), a page for each element of the arrays (`asked`, numbered `n`).
 * Prepared once each.
 */
const pagesFor = (forward: boolean) =>
  batchedStatement(
    preparedQuery((db) => {
      const p = conversationParticipants;
      const m = conversationMessages;
      const page = db
        .select({ seq: m.seq, json: storedMessageJson.as('json'), file: hasFile.as('file') })
        .from(m)
        .where(
          and(
            eq(m.conversationId, sql`asked.conversation_id`),
            gt(m.seq, sql`asked.after`),
            lt(m.seq, sql`asked.before`),
            sql`exists (select 1 from ${p} where ${qualified(p.conversationId)} = asked.conversation_id and ${qualified(p.accountId)} = asked.account_id)`,
          ),
        )
        .orderBy(forward ? asc(m.seq) : desc(m.seq))
        // The element's own limit (drizzle takes a number or a placeholder, and writes an SQL as it is).
        .limit(sql`asked.page_limit` as unknown as Placeholder)
        .as('page');
      const aggregated = db
        .select({
          json: sql<string>`${jsonArrayText(page.json, sql`${page.seq}`).jsonText}`.as('json'),
          files: sql<boolean>`coalesce(bool_or(${page.file}), false)`.as('files'),
        })
        .from(page)
        .as('aggregated');
      return db
        .select({ n: sql<number>`asked.n`, json: aggregated.json, files: aggregated.files })
        .from(
          askedRows({
            conversation_id: ['conversationIds', 'uuid'],
            account_id: ['accountIds', 'uuid'],
            after: ['afters', 'int'],
            before: ['befores', 'int'],
            page_limit: ['limits', 'int'],
          }),
        )
        .crossJoinLateral(aggregated)
        .prepare(forward ? 'participant_message_pages_forward' : 'participant_message_pages_backward');
    }),
    async (statement, pages: readonly TPageAsked[]) =>
      oneByElement(
        pages.length,
        await statement.execute({
          conversationIds: pages.map((page) => page.conversationId),
          accountIds: pages.map((page) => page.accountId),
          afters: pages.map((page) => page.after),
          befores: pages.map((page) => page.before),
          limits: pages.map((page) => page.limit),
        }),
        ({ json, files }): TMessagePageJson => ({ json, files }),
        // The aggregate answers a row for every element, an empty page as `[]`.
        { json: '[]', files: false },
      ),
  );
const pagesForward = pagesFor(true);
const pagesBackward = pagesFor(false);

/** A page of messages as JSON text (TConversationMessage[]), and whether some message has a file. */
export interface TMessagePageJson {
  json: string;
  files: boolean;
}

/**
 * listMessages for a participant, as PostgreSQL writes it, in one statement; a 404 for anyone
 * else (told apart from an empty page by requireParticipant, only when the page is empty).
 */
export async function listMessagesFor(db: Db, accountId: string, conversationId: string, page: TPageQuery): Promise<TMessagePageJson> {
  const answer = await (page.after !== undefined ? pagesForward : pagesBackward)(db, {
    conversationId,
    accountId,
    after: page.after ?? -1,
    before: page.before ?? NO_SEQ_ABOVE,
    limit: page.limit,
  });
  if (answer.json === '[]') await requireParticipant(db, conversationId, accountId);
  return answer;
}

/** Rows of selectMessages, presented. */
const presentMessages = (rows: readonly unknown[]): TConversationMessage[] => rows.map((r) => presentMessage(r as TMessageRecord));

/** The viewer's side and the other side of a conversation, in the summary queries. */
const mySide = alias(conversationParticipants, 'me');
const otherSide = alias(conversationParticipants, 'other');

/** The conversation's last message, with its attachment's columns (left-joined on the summary). */
const lastMessage = alias(conversationMessages, 'last_message');
const lastPhoto = alias(displayItems, 'last_photo');
const lastDocument = alias(documentFiles, 'last_document');

/**
 * Conversations as each side (`mySide`) sees them, with their other side and their last message,
 * newest first, in one statement; `where` picks them. `batch`: for each element of a batch, of
 * `askedAccounts` (each account's side in every conversation) or of `askedConversations` (both
 * sides of each conversation), its number as `n`, the rows in that order.
 */
function summaryRows(db: Db, where: SQL | undefined, batch?: 'accounts' | 'conversations') {
  const rows = db
    .select({
      n: batch ? sql<number>`asked.n` : sql<number>`0`,
      viewerAccountId: mySide.accountId,
      id: conversations.id,
      lastSeq: conversations.lastSeq,
      updatedAt: conversations.updatedAt,
      myVbcId: mySide.vbcId,
      mySeen: mySide.lastSeenSeq,
      otherSeen: otherSide.lastSeenSeq,
      unseen: mySide.unseenCount,
      counterpart: {
        accountDeleted: otherSide.accountDeleted,
        accountName: accounts.name,
        vbcId: virtualContacts.id,
        quickId: virtualContacts.quickId,
        firstName: virtualContacts.firstName,
        lastName: virtualContacts.lastName,
        hasPicture: sql<boolean>`(${virtualContacts.pictureDisplayItemId} is not null or ${virtualContacts.highResPictureDisplayItemId} is not null)`,
      },
      last: messageColumns(lastMessage),
      lastPhoto: { obsecuredId: lastPhoto.obsecuredId, width: lastPhoto.width, height: lastPhoto.height },
      lastDocument: { id: lastDocument.id, name: lastDocument.name, contentType: lastDocument.contentType, size: lastDocument.size },
    })
    .from(mySide)
    .$dynamic();
  const asked =
    batch === 'accounts'
      ? rows.innerJoin(askedAccounts, eq(mySide.accountId, sql`asked.account_id`))
      : batch === 'conversations'
        ? rows.innerJoin(askedConversations, eq(mySide.conversationId, sql`asked.conversation_id`))
        : rows;
  return asked
    .innerJoin(conversations, eq(conversations.id, mySide.conversationId))
    .innerJoin(otherSide, and(eq(otherSide.conversationId, mySide.conversationId), ne(otherSide.id, mySide.id)))
    .leftJoin(accounts, eq(accounts.id, otherSide.accountId))
    .leftJoin(virtualContacts, eq(virtualContacts.id, otherSide.vbcId))
    .leftJoin(lastMessage, and(eq(lastMessage.conversationId, conversations.id), eq(lastMessage.seq, conversations.lastSeq)))
    .leftJoin(lastPhoto, eq(lastPhoto.id, lastMessage.displayItemId))
    .leftJoin(lastDocument, eq(lastDocument.id, lastMessage.documentFileId))
    .where(where)
    .orderBy(...(batch ? [sql`asked.n`] : []), desc(conversations.updatedAt), desc(conversations.id));
}

type TSummary = TConversationSummary & { viewerAccountId: string | null };

/** A summary row, presented. */
function presentSummary(r: Awaited<ReturnType<typeof summaryRows>>[number]): TSummary {
  return {
    viewerAccountId: r.viewerAccountId,
    personalConversationId: r.id,
    counterpart: presentCounterpart({
      ...r.counterpart,
      accountDeleted: r.counterpart.accountDeleted ?? false,
      hasPicture: r.counterpart.hasPicture ?? false,
    }),
    myVbcId: r.myVbcId,
    lastMessage: r.last ? presentMessage({ message: r.last, photo: r.lastPhoto, document: r.lastDocument }) : null,
    unseenCount: Number(r.unseen),
    lastSequence: r.lastSeq,
    counterpartSeenSequence: r.otherSeen,
    mySeenSequence: r.mySeen,
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** One conversation of an account (`only`) as a summary, one statement prepared once. */
const summaryOfAccount = preparedQuery((db) =>
  summaryRows(
    db,
    and(eq(mySide.accountId, sql.placeholder('accountId')), eq(mySide.conversationId, sql.placeholder('conversationId'))),
  ).prepare('conversation_summary_of_account'),
);
/**
 * One conversation as each side sees it, of each conversation of a batch: each new message and
 * each seen reads it (prepared once, batched across requests as the sides are).
 */
const summariesOfConversations = batchedStatement(
  preparedQuery((db) => summaryRows(db, undefined, 'conversations').prepare('conversation_summaries_of_conversations')),
  async (statement, conversationIds: readonly string[]) =>
    allByElement(conversationIds.length, await statement.execute({ conversationIds }), presentSummary),
);

/**
 * The conversation list of each account of a batch (platform/db/batched-statement.ts: the lists asked
 * for at once under load are one statement), prepared once: every home screen reads it.
 */
const summariesOfAccounts = batchedStatement(
  preparedQuery((db) => summaryRows(db, undefined, 'accounts').prepare('conversation_summaries_of_accounts')),
  async (statement, accountIds: readonly string[]) =>
    allByElement(accountIds.length, await statement.execute({ accountIds }), presentSummary),
);

/** The caller's conversations as summaries, newest first (`only`: just that one). */
export async function listConversations(db: Db, accountId: string, only?: string): Promise<TConversationSummary[]> {
  const summaries =
    only === undefined
      ? await summariesOfAccounts(db, accountId)
      : (await summaryOfAccount(db).execute({ accountId, conversationId: only })).map(presentSummary);
  return summaries.map(({ viewerAccountId: _viewer, ...summary }) => summary);
}

/** One conversation as each of its (not deleted) accounts sees it, with its last message as it is now. */
export async function summariesByAccount(db: Db, conversationId: string): Promise<Map<string, TConversationSummary>> {
  const out = new Map<string, TConversationSummary>();
  for (const { viewerAccountId, ...summary } of await summariesOfConversations(db, conversationId)) {
    if (viewerAccountId) out.set(viewerAccountId, summary);
  }
  return out;
}

/** One conversation as `accountId` sees it, or a 404. */
export async function getSummary(db: Db, accountId: string, conversationId: string): Promise<TConversationSummary> {
  const [summary] = await listConversations(db, accountId, conversationId);
  if (!summary) throw notFound('conversation');
  return summary;
}

/**
 * Messages each account has not seen that the other side sent, over all its conversations: the
 * sum of its sides' unseen counts, which the database keeps (migration 0033), one row per
 * conversation of the account through its index. Prepared once and batched (every screen polls
 * it): the checks that meet under load are one statement over the array of their accounts, one
 * answer per element in order (platform/db/batched-statement.ts).
 */
const unseenCounts = batchedStatement(
  preparedQuery((db) => {
    const p = conversationParticipants;
    return db
      .select({ n: sql<number>`asked.n`, count: sql<number>`coalesce(sum(${p.unseenCount}), 0)::int` })
      .from(askedAccounts)
      .leftJoin(p, eq(p.accountId, sql`asked.account_id`))
      .groupBy(sql`asked.n`)
      .prepare('unseen_message_counts');
  }),
  async (statement, accountIds: readonly string[]) =>
    oneByElement(accountIds.length, await statement.execute({ accountIds }), (row) => Number(row.count), 0),
);

/** docs/contracts.md §7 haveUnseenMessages: whether any conversation has messages the caller has not seen, and how many. */
export async function haveUnseenMessages(db: Db, accountId: string): Promise<THaveUnseenMessages> {
  const count = await unseenCounts(db, accountId);
  return { result: count > 0, count };
}
