import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../platform/db/client.ts';
import type { ApnsClient } from '../push/index.ts';
import { forgetPushToken, pushTokensOf, touchPasses } from './passes.ts';
import type { TPassSubject } from './pass-subject.ts';

/**
 * Keeps installed passes current: when a card or pet changes, its pass moves to a later
 * Last-Modified and every device registered for it gets Wallet's update push (topic: the pass
 * type id, empty payload, certificate authentication); the device then asks which serials changed
 * and fetches the new pass. Runs off the request path; `idle()` waits for it (tests, shutdown).
 */
export class PassUpdates {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly deps: { db: Db; log: FastifyBaseLogger; apns: ApnsClient | null; passTypeId: string }) {}

  /** The card or pet changed (committed). Returns at once. */
  changed(subject: Pick<TPassSubject, 'kind' | 'id'>): void {
    const job = this.update(subject).catch((error: unknown) => this.deps.log.error({ err: error, subject }, 'wallet pass update failed'));
    this.running.add(job);
    void job.finally(() => this.running.delete(job));
  }

  /** Resolves when every update started so far is done. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  private async update(subject: Pick<TPassSubject, 'kind' | 'id'>): Promise<void> {
    const passIds = await touchPasses(this.deps.db, subject);
    if (passIds.length === 0 || !this.deps.apns) return;
    const tokens = await pushTokensOf(this.deps.db, passIds);
    await Promise.all(
      tokens.map(async (deviceToken) => {
        const outcome = await this.deps.apns!.send({
          deviceToken,
          topic: this.deps.passTypeId,
          pushType: 'background',
          payload: {},
          priority: 5,
        });
        if (outcome.kind === 'unregistered') await forgetPushToken(this.deps.db, deviceToken);
        else if (outcome.kind !== 'ok') this.deps.log.warn({ outcome }, 'wallet pass update push not delivered');
      }),
    );
  }
}
