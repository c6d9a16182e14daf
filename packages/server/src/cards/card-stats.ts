import { and, eq, gte } from 'drizzle-orm';
import type { TDailyStat } from '@vbc/shared/owner';
import type { Db } from '../platform/db/client.ts';
import { contactDailyStats } from '../platform/db/schema/index.ts';

/** The card's views and downloads for each of the last `days` UTC days, oldest first, days without any as zero. */
export async function cardDailyStats(db: Db, contactId: string, days: number, now = new Date()): Promise<TDailyStat[]> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const dayMs = 24 * 60 * 60 * 1000;
  const first = new Date(today - (days - 1) * dayMs).toISOString().slice(0, 10);
  const rows = await db
    .select({ day: contactDailyStats.day, views: contactDailyStats.views, downloads: contactDailyStats.downloads })
    .from(contactDailyStats)
    .where(and(eq(contactDailyStats.contactId, contactId), gte(contactDailyStats.day, first)));
  const byDay = new Map(rows.map((r) => [String(r.day).slice(0, 10), r]));
  return Array.from({ length: days }, (_, i) => {
    const day = new Date(today - (days - 1 - i) * dayMs).toISOString().slice(0, 10);
    const found = byDay.get(day);
    return { day, views: found?.views ?? 0, downloads: found?.downloads ?? 0 };
  });
}
