import { eq, sql } from 'drizzle-orm';
import { isQuickId, isUuid, normalizeQuickId } from '@vbc/shared';
import type { Db } from '../platform/db/client.ts';
import { askedRows, batchedStatement, oneByElement } from '../platform/db/batched-statement.ts';
import { preparedQuery } from '../platform/db/prepared.ts';
import { corporateAccounts, corporateProfiles, corporateTemplates, displayItems, virtualContacts } from '../platform/db/schema/index.ts';
import { notFound } from '../platform/errors/app-error.ts';
import { applyTemplate, type CardBusiness } from './apply-template.ts';
import { contactColumns, type ContactRow, type PictureInfo } from './present-card.ts';

export interface FoundContact {
  /** The card as everyone sees it: the stored row with its business's template applied (apply-template.ts). */
  row: ContactRow;
  picture: PictureInfo;
  /** The row as stored: the member's own values, whatever the template shows. */
  stored: ContactRow;
  /** The business the card is linked to (its template, name and main contact), or null. */
  business: CardBusiness | null;
}

/**
 * The cards of a batch with their pictures and businesses, by id or by quickId (`asked.key`, one
 * element each, numbered `asked.n`): prepared once per database handle. `distinct on` keeps one
 * row an element where two businesses share a profile, as a lone read's `limit 1` did.
 */
function buildFinds(db: Db, by: 'id' | 'quickId') {
  const n = sql<number>`asked.n`;
  return db
    .selectDistinctOn([n], {
      n,
      row: contactColumns,
      pictureContentType: displayItems.contentType,
      corporateAccountId: corporateAccounts.id,
      businessName: corporateProfiles.name,
      businessEmails: corporateProfiles.emails,
      businessPhones: corporateProfiles.phones,
      template: corporateTemplates,
    })
    .from(askedRows({ key: ['keys', by === 'id' ? 'uuid' : 'text'] }))
    .innerJoin(virtualContacts, eq(by === 'id' ? virtualContacts.id : virtualContacts.quickId, sql`asked.key`))
    .leftJoin(displayItems, eq(displayItems.id, virtualContacts.pictureDisplayItemId))
    .leftJoin(corporateProfiles, eq(corporateProfiles.id, virtualContacts.corporateProfileId))
    .leftJoin(corporateAccounts, eq(corporateAccounts.corporateProfileId, virtualContacts.corporateProfileId))
    .leftJoin(corporateTemplates, eq(corporateTemplates.corporateAccountId, corporateAccounts.id))
    .orderBy(n)
    .prepare(`find_contacts_by_${by}`);
}
type TFoundRow = Awaited<ReturnType<ReturnType<typeof buildFinds>['execute']>>[number];

/**
 * A card read by key, batched (platform/db/batched-statement.ts): a visitor's read of a card the
 * cache does not hold is a round trip, and the reads that meet under load (visitors opening
 * different cards) are one statement over the array of their keys.
 */
const batchedFind = (by: 'id' | 'quickId') =>
  batchedStatement(
    preparedQuery((db) => buildFinds(db, by)),
    async (statement, keys: readonly string[]): Promise<(TFoundRow | undefined)[]> =>
      oneByElement(keys.length, await statement.execute({ keys }), (found) => found, undefined),
  );
const findById = batchedFind('id');
const findByQuickId = batchedFind('quickId');

/**
 * Resolves a route's contactId, which docs/contracts.md §2 allows to be the full id or the
 * quickId. Anything that is neither is "not found" without touching the database. One round
 * trip (batched with the reads of the moment) reads the card with its picture and, for a linked
 * card, its business and template.
 */
export async function findContact(db: Db, contactId: string): Promise<FoundContact | null> {
  const key = contactId.trim();
  let found;
  if (isUuid(key)) found = await findById(db, key.toLowerCase());
  else if (isQuickId(normalizeQuickId(key))) found = await findByQuickId(db, normalizeQuickId(key));
  else return null;
  if (!found) return null;
  const { row, pictureContentType } = found;
  const picture =
    row.pictureDisplayItemId && pictureContentType ? { displayItemId: row.pictureDisplayItemId, contentType: pictureContentType } : null;
  const business: CardBusiness | null =
    found.corporateAccountId && found.businessName !== null
      ? {
          corporateAccountId: found.corporateAccountId,
          name: found.businessName,
          mainEmail: found.businessEmails?.[0]?.email ?? null,
          mainPhone: found.businessPhones?.[0]?.phoneNumber ?? null,
          template: found.template,
        }
      : null;
  return { row: applyTemplate(row, business), picture, stored: row, business };
}

/** findContact, or a 404 naming the card. */
export async function getContact(db: Db, contactId: string): Promise<FoundContact> {
  const found = await findContact(db, contactId);
  if (!found) throw notFound('card');
  return found;
}

/** The ids of the cards linked to a corporate profile. */
export async function linkedCardIds(db: Db, corporateProfileId: string): Promise<string[]> {
  const rows = await db
    .select({ id: virtualContacts.id })
    .from(virtualContacts)
    .where(eq(virtualContacts.corporateProfileId, corporateProfileId));
  return rows.map((r) => r.id);
}
