import { and, eq, gte, sum } from 'drizzle-orm';
import type { TCountedSource } from '@vbc/shared';
import type { TDailyStat } from '@vbc/shared/owner';
import type { Db } from '../platform/db/client.ts';
import { contactDailyStats, contactSourceStats } from '../platform/db/schema/index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const dayOf = (value: unknown) => String(value).slice(0, 10);

/**
 * The card's views, downloads and link clicks for each of the last `days` UTC days, oldest first,
 * days without any as zero, each split by source (issue 29). Views and downloads come from the
 * day's totals (which predate the split), link clicks from the split.
 */
export async function cardDailyStats(db: Db, contactId: string, days: number, now = new Date()): Promise<TDailyStat[]> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const first = new Date(today - (days - 1) * DAY_MS).toISOString().slice(0, 10);
  const [rows, sourceRows] = await Promise.all([
    db
      .select({ day: contactDailyStats.day, views: contactDailyStats.views, downloads: contactDailyStats.downloads })
      .from(contactDailyStats)
      .where(and(eq(contactDailyStats.contactId, contactId), gte(contactDailyStats.day, first))),
    db
      .select({
        day: contactSourceStats.day,
        source: contactSourceStats.source,
        views: contactSourceStats.views,
        downloads: contactSourceStats.downloads,
        linkClicks: contactSourceStats.linkClicks,
      })
      .from(contactSourceStats)
      .where(and(eq(contactSourceStats.contactId, contactId), gte(contactSourceStats.day, first))),
  ]);
  const byDay = new Map(rows.map((r) => [dayOf(r.day), r]));
  const splitByDay = new Map<string, TDailyStat['bySource']>();
  for (const r of sourceRows) {
    const split = splitByDay.get(dayOf(r.day)) ?? {};
    split[r.source as TCountedSource] = { views: r.views, downloads: r.downloads, linkClicks: r.linkClicks };
    splitByDay.set(dayOf(r.day), split);
  }
  return Array.from({ length: days }, (_, i) => {
    const day = new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10);
    const found = byDay.get(day);
    const bySource = splitByDay.get(day) ?? {};
    const linkClicks = Object.values(bySource).reduce((n, c) => n + c.linkClicks, 0);
    return { day, views: found?.views ?? 0, downloads: found?.downloads ?? 0, linkClicks, bySource };
  });
}

/** Every click counted on the card's links, all time (issue 29). */
export async function cardLinkClickCount(db: Db, contactId: string): Promise<number> {
  const [row] = await db
    .select({ total: sum(contactSourceStats.linkClicks) })
    .from(contactSourceStats)
    .where(eq(contactSourceStats.contactId, contactId));
  return Number(row?.total ?? 0);
}
