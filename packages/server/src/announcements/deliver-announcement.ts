import { PRODUCT_NAME } from '@vbc/shared';
import { ANNOUNCEMENT_HUB_EVENT, type TAnnouncementSummary } from '@vbc/shared/announcement';
import type { Hub } from '../hub/index.ts';
import type { TPush } from '../push/index.ts';
import { announcementPayload, LoopPacer } from '../push/index.ts';

/** What telling recipients needs: the hub (every instance through the backplane) and push. */
export interface TDeliverDeps {
  hub: Pick<Hub, 'sendToUser'>;
  push: Pick<TPush, 'notifyAccounts'>;
  log: { warn(object: object, message: string): void };
}

/** Hub publishes in flight at once: enough to keep Redis busy, few enough not to flood memory. */
const HUB_BATCH = 200;

/**
 * Tells every recipient of a committed announcement: `AnnouncementPublished` to each connection of
 * each account on every instance, and a web push / APNs notification to each of their devices
 * (queued by the push domain, delivered off this path). Resolves once every hub event is published;
 * publishes go in batches, each on its own turn of the event loop.
 */
export async function deliverAnnouncement(deps: TDeliverDeps, summary: TAnnouncementSummary, recipients: readonly string[]): Promise<void> {
  const pushed = deps.push
    .notifyAccounts(
      recipients,
      (locale) =>
        announcementPayload(
          { announcementId: summary.announcementId, title: summary.title, from: summary.corporateName ?? PRODUCT_NAME },
          locale,
        ),
      'bulk',
    )
    .catch((err: unknown) => deps.log.warn({ err, announcementId: summary.announcementId }, 'announcement push not queued'));
  const pacer = new LoopPacer();
  try {
    for (let i = 0; i < recipients.length; i += HUB_BATCH) {
      // The in-process backplane answers without I/O: without a turn in between, 10,000 publishes
      // would run as one block of microtasks, and every request waiting meanwhile with them; and
      // batch after batch on every turn kept the event loop full, so a message send's every
      // database answer waited behind one (docs/benchmarks.md). A batch waits for room instead.
      await pacer.room();
      await Promise.all(recipients.slice(i, i + HUB_BATCH).map((id) => deps.hub.sendToUser(id, ANNOUNCEMENT_HUB_EVENT, summary)));
    }
  } finally {
    pacer.close();
  }
  await pushed;
}
