import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TCountedSource } from '@vbc/shared';
import type { Db } from '../platform/db/client.ts';

/** What is counted: a view, a download, or a click on one of the card's links (issue 29). */
export type TStatKind = 'view' | 'download' | 'linkClick';
interface Pending {
  views: number;
  downloads: number;
  linkClicks: number;
}
const none = (): Pending => ({ views: 0, downloads: 0, linkClicks: 0 });
const add = (into: Pending, from: Pending) => {
  into.views += from.views;
  into.downloads += from.downloads;
  into.linkClicks += from.linkClicks;
};
/** Pending counts are keyed by card and source, joined by a character neither holds. */
const SEP = '\n';

/**
 * Batches view, download and link-click increments in memory and writes them in one
 * statement per table per flush, so a popular card is one row update per interval
 * instead of one row lock per request. Counts not yet flushed are lost only
 * if the process dies without a graceful shutdown (close() flushes).
 */
export class StatsCounter {
  private pending = new Map<string, Pending>();
  private timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    flushMs: number,
    private readonly log: FastifyBaseLogger,
    /** Told which cards' counts were written, so cached copies can be refreshed. */
    private readonly onFlushed: (contactIds: string[]) => void = () => {},
  ) {
    this.timer = setInterval(() => void this.flush(), flushMs);
    this.timer.unref();
  }

  /** Counts one `kind` for the card, from `source` (issue 29; `direct` when the visit had no tag). */
  record(contactId: string, kind: TStatKind, source: TCountedSource = 'direct'): void {
    const key = `${contactId}${SEP}${source}`;
    const entry = this.pending.get(key) ?? none();
    if (kind === 'view') entry.views += 1;
    else if (kind === 'download') entry.downloads += 1;
    else entry.linkClicks += 1;
    this.pending.set(key, entry);
  }

  /** Writes everything recorded so far; concurrent calls queue behind each other. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    // Sorted keys: two instances flushing at once lock rows in the same order.
    const keyed = [...batch.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
    const bySource = keyed.map(([key, c]) => {
      const [id, source] = key.split(SEP) as [string, string];
      return { id, source, c };
    });
    const perCard = new Map<string, Pending>();
    for (const { id, c } of bySource) add(perCard.get(id) ?? perCard.set(id, none()).get(id)!, c);
    // The card's totals and its day row hold views and downloads; a batch of clicks only leaves them be.
    const cards = [...perCard.entries()].filter(([, c]) => c.views + c.downloads > 0);
    const sourceValues = sql.join(
      bySource.map(({ id, source, c }) => sql`(${id}::uuid, ${source}::text, ${c.views}::int, ${c.downloads}::int, ${c.linkClicks}::int)`),
      sql`, `,
    );
    try {
      await this.db.transaction(async (tx) => {
        if (cards.length > 0) {
          const values = sql.join(
            cards.map(([id, c]) => sql`(${id}::uuid, ${c.views}::int, ${c.downloads}::int)`),
            sql`, `,
          );
          await tx.execute(sql`
            update virtual_contacts as v
               set view_count = v.view_count + d.views, download_count = v.download_count + d.downloads
              from (values ${values}) as d(id, views, downloads)
             where v.id = d.id`);
          await tx.execute(sql`
            insert into contact_daily_stats (contact_id, day, views, downloads)
            select d.id, (now() at time zone 'utc')::date, d.views, d.downloads
              from (values ${values}) as d(id, views, downloads)
              join virtual_contacts v on v.id = d.id
            on conflict (contact_id, day) do update
              set views = contact_daily_stats.views + excluded.views,
                  downloads = contact_daily_stats.downloads + excluded.downloads`);
        }
        await tx.execute(sql`
          insert into contact_source_stats (contact_id, day, source, views, downloads, link_clicks)
          select d.id, (now() at time zone 'utc')::date, d.source, d.views, d.downloads, d.link_clicks
            from (values ${sourceValues}) as d(id, source, views, downloads, link_clicks)
            join virtual_contacts v on v.id = d.id
          on conflict (contact_id, day, source) do update
            set views = contact_source_stats.views + excluded.views,
                downloads = contact_source_stats.downloads + excluded.downloads,
                link_clicks = contact_source_stats.link_clicks + excluded.link_clicks`);
      });
      this.onFlushed([...perCard.keys()]);
    } catch (error) {
      this.log.error({ err: error }, 'stats flush failed; counts kept for the next flush');
      for (const [key, c] of keyed) add(this.pending.get(key) ?? this.pending.set(key, none()).get(key)!, c);
    }
  }
}
