import { inArray, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../platform/db/client.ts';
import { ssoLogins } from '../platform/db/schema/index.ts';
import { scheduleBatchedChore } from '../platform/db/batched-chore.ts';
import { SSO_HANDOFF_TTL_MS } from './flow.ts';

/** How often each instance sweeps sign-in attempts, and how many one batch deletes at most. */
const SWEEP_EVERY_MS = 15 * 60_000;
const SWEEP_BATCH = 500;

/**
 * Deletes the sign-in attempts (`sso_logins`: state, nonce and PKCE verifier, and a handoff's
 * sealed identity) that can no longer be used at `now`: the state expired, and so did any handoff
 * it led to (a callback comes before the state expires, its handoff lasts SSO_HANDOFF_TTL_MS more).
 * A callback with a swept state answers as for any unknown one (`#ssoError=state`). Instances
 * sweeping at once take different rows (SKIP LOCKED). Answers how many it deleted.
 */
export async function sweepSsoLogins(db: Db, now: Date, batch = SWEEP_BATCH): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: ssoLogins.id })
      .from(ssoLogins)
      .where(lt(ssoLogins.expiresAt, new Date(now.getTime() - SSO_HANDOFF_TTL_MS)))
      .orderBy(ssoLogins.expiresAt)
      .limit(batch)
      .for('update', { skipLocked: true });
    if (due.length === 0) return 0;
    await tx.delete(ssoLogins).where(
      inArray(
        ssoLogins.id,
        due.map((d) => d.id),
      ),
    );
    return due.length;
  });
}

/** Sweeps expired sign-in attempts on a timer until the app closes (`scheduleBatchedChore`), by the app's clock. */
export function scheduleSsoLoginSweep(app: FastifyInstance): void {
  scheduleBatchedChore(app, {
    done: 'expired sign-in attempts swept',
    everyMs: SWEEP_EVERY_MS,
    batch: SWEEP_BATCH,
    runBatch: () => sweepSsoLogins(app.db, app.clock.now()),
  });
}
