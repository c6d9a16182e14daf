import { and, eq, gte, sql } from 'drizzle-orm';
import type { TTeamAnalytics } from '@vbc/shared/corporate';
import type { Db } from '../platform/db/client.ts';
import {
  accounts,
  contactDailyStats,
  corporateAccountMembers,
  corporateAccounts,
  leads,
  virtualContacts,
} from '../platform/db/schema/index.ts';
import { notFound } from '../platform/errors/app-error.ts';

const DAY_MS = 86_400_000;
type TCounts = { views: number; downloads: number; exchanges: number };
const zero = (): TCounts => ({ views: 0, downloads: 0, exchanges: 0 });
const add = (into: TCounts, from: Partial<TCounts>) => {
  into.views += from.views ?? 0;
  into.downloads += from.downloads ?? 0;
  into.exchanges += from.exchanges ?? 0;
};
const activity = (c: TCounts) => c.views + c.downloads + c.exchanges;

/** The UTC days of the range, oldest first. */
function daysOf(days: number, now: Date): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/** One count of a card on a day: its daily views and downloads, or its exchanges. */
interface TCardDay extends Partial<TCounts> {
  cardId: string;
  ownerAccountId: string | null;
  day: string;
}

/**
 * Console (admin): the team's views, downloads and exchanges over the last `days` UTC days, per
 * member, per day and per card. The cards are those linked to the business now (their whole
 * history in the range counts); the exchanges, the leads recorded as coming through the business.
 */
export async function teamAnalytics(db: Db, corporateAccountId: string, days: number, now = new Date()): Promise<TTeamAnalytics> {
  const [business] = await db
    .select({ profileId: corporateAccounts.corporateProfileId })
    .from(corporateAccounts)
    .where(eq(corporateAccounts.id, corporateAccountId));
  if (!business) throw notFound('corporate account');
  const range = daysOf(days, now);
  const from = range[0]!;
  const cardName = sql<string>`trim(${virtualContacts.firstName} || ' ' || ${virtualContacts.lastName})`;
  const [stats, exchanges, members, cards] = await Promise.all([
    db
      .select({
        cardId: contactDailyStats.contactId,
        ownerAccountId: virtualContacts.ownerAccountId,
        day: sql<string>`to_char(${contactDailyStats.day}, 'YYYY-MM-DD')`,
        views: contactDailyStats.views,
        downloads: contactDailyStats.downloads,
      })
      .from(contactDailyStats)
      .innerJoin(virtualContacts, eq(virtualContacts.id, contactDailyStats.contactId))
      .where(and(eq(virtualContacts.corporateProfileId, business.profileId), gte(contactDailyStats.day, from))),
    db
      .select({
        cardId: leads.cardId,
        ownerAccountId: leads.ownerAccountId,
        day: sql<string>`to_char(${leads.capturedAt} at time zone 'UTC', 'YYYY-MM-DD')`,
        exchanges: sql<number>`count(*)::int`,
      })
      .from(leads)
      .where(and(eq(leads.corporateAccountId, corporateAccountId), gte(leads.capturedAt, new Date(`${from}T00:00:00Z`))))
      .groupBy(leads.cardId, leads.ownerAccountId, sql`3`),
    db
      .select({ accountId: accounts.id, name: accounts.name })
      .from(corporateAccountMembers)
      .innerJoin(accounts, eq(accounts.id, corporateAccountMembers.accountId))
      .where(eq(corporateAccountMembers.corporateAccountId, corporateAccountId)),
    db
      .select({ id: virtualContacts.id, name: cardName, ownerAccountId: virtualContacts.ownerAccountId })
      .from(virtualContacts)
      .where(eq(virtualContacts.corporateProfileId, business.profileId)),
  ]);

  const totals = zero();
  const perDay = new Map(range.map((day) => [day, { day, ...zero() }]));
  const byMember = new Map<string | null, { accountId: string | null; name: string } & TCounts>(
    members.map((m) => [m.accountId, { ...m, ...zero() }]),
  );
  const memberDays = new Map<string, { accountId: string | null; day: string } & TCounts>();
  const byCard = new Map(cards.map((c) => [c.id, { virtualContactId: c.id, name: c.name, ownerAccountId: c.ownerAccountId, ...zero() }]));
  const rows: TCardDay[] = [...stats, ...exchanges];
  for (const row of rows) {
    const day = perDay.get(row.day);
    if (!day) continue;
    add(totals, row);
    add(day, row);
    let member = byMember.get(row.ownerAccountId);
    if (!member) {
      member = { accountId: row.ownerAccountId, name: row.ownerAccountId === null ? 'The business' : 'A former member', ...zero() };
      byMember.set(row.ownerAccountId, member);
    }
    add(member, row);
    const key = `${row.ownerAccountId}|${row.day}`;
    const memberDay = memberDays.get(key) ?? { accountId: row.ownerAccountId, day: row.day, ...zero() };
    add(memberDay, row);
    memberDays.set(key, memberDay);
    const card = byCard.get(row.cardId);
    if (card) add(card, row);
  }
  return {
    days,
    from,
    to: range[range.length - 1]!,
    totals,
    perDay: [...perDay.values()],
    members: [...byMember.values()].sort((a, b) => activity(b) - activity(a) || a.name.localeCompare(b.name)),
    memberDays: [...memberDays.values()].sort(
      (a, b) => a.day.localeCompare(b.day) || String(a.accountId).localeCompare(String(b.accountId)),
    ),
    topCards: [...byCard.values()]
      .filter((c) => activity(c) > 0)
      .sort((a, b) => activity(b) - activity(a) || a.name.localeCompare(b.name))
      .slice(0, 10),
  };
}
