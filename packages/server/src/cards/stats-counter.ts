import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../platform/db/client.ts';

type Kind = 'view' | 'download';
interface Pending {
  views: number;
  downloads: number;
}

/**
 * Batches view and download increments in memory and writes them in one
 * statement per flush, so a popular card is one row update per interval
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

  record(contactId: string, kind: Kind): void {
    const entry = this.pending.get(contactId) ?? { views: 0, downloads: 0 };
    if (kind === 'view') entry.views += 1;
    else entry.downloads += 1;
    this.pending.set(contactId, entry);
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
    // Sorted ids: two instances flushing at once lock rows in the same order.
    const rows = [...batch.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
    const values = sql.join(
      rows.map(([id, c]) => sql`(${id}::uuid, ${c.views}::int, ${c.downloads}::int)`),
      sql`, `,
    );
    try {
      await this.db.transaction(async (tx) => {
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
      });
      this.onFlushed(rows.map(([id]) => id));
    } catch (error) {
      this.log.error({ err: error }, 'stats flush failed; counts kept for the next flush');
      for (const [id, c] of rows) {
        const entry = this.pending.get(id) ?? { views: 0, downloads: 0 };
        entry.views += c.views;
        entry.downloads += c.downloads;
        this.pending.set(id, entry);
      }
    }
  }
}
