import { createHmac } from 'node:crypto';
import type { TVisitSource } from '@vbc/shared';
import type { RateLimiter } from '../platform/rate-limit/index.ts';
import { isUnadopted, type ContactRow } from './present-card.ts';
import type { StatsCounter } from './stats-counter.ts';

const DAY_MS = 86_400_000;

/** Who is looking at a card: the signed-in account, else the client's address and browser. */
export interface TViewer {
  accountId: string | null;
  address: string;
  userAgent: string;
}

export interface TCountViewDeps {
  stats: StatsCounter;
  /** Remembers for the day which visitors were counted (its keys are hashes, gone after the day). */
  rateLimiter: RateLimiter;
  signingKey: Buffer | string;
}

/** The day's salt: derived from the server's key and the UTC day, held nowhere; a new day, a new salt. */
const saltOf = (signingKey: Buffer | string, day: string) => createHmac('sha256', signingKey).update(`vbc:view-salt:v1:${day}`).digest();

/**
 * The visitor's mark for one card on one day, Plausible-style: a salted hash of the card and the
 * account (or the address and browser), never the address or browser themselves. A new day's salt
 * makes yesterday's marks unlinkable to today's.
 */
export function viewMark(signingKey: Buffer | string, contactId: string, viewer: TViewer, now: Date): string {
  const day = now.toISOString().slice(0, 10);
  const who = viewer.accountId ? `account:${viewer.accountId}` : `client:${viewer.address}\n${viewer.userAgent}`;
  return createHmac('sha256', saltOf(signingKey, day)).update(`${contactId}\n${who}`).digest('base64url');
}

/**
 * Counts a view of the card (issue 30): once per visitor per day, never the owner's, none on an
 * unadopted card. Nothing about the visitor is stored with the count: the day's mark lives in the
 * rate limiter's memory (or Redis) until the day is over. Resolves true when the view was counted.
 */
export async function countView(
  deps: TCountViewDeps,
  row: ContactRow,
  viewer: TViewer,
  source: TVisitSource | null = null,
  now = new Date(),
): Promise<boolean> {
  if (!(await firstToday(deps, row, viewer, 'card-view', now))) return false;
  deps.stats.record(row.id, 'view', source ?? 'direct');
  return true;
}

/**
 * Counts a click on the card's `n`-th link (issue 29), by the same rules as a view: once per visitor
 * per link per day, never the owner's, none on an unadopted card. Resolves true when counted.
 */
export async function countLinkClick(
  deps: TCountViewDeps,
  row: ContactRow,
  viewer: TViewer,
  n: number,
  source: TVisitSource | null = null,
  now = new Date(),
): Promise<boolean> {
  if (!(await firstToday(deps, row, viewer, `card-link:${n}`, now))) return false;
  deps.stats.record(row.id, 'linkClick', source ?? 'direct');
  return true;
}

/** Whether this visitor's `what` on the card is their first today (and so counted), not the owner's, on an adopted card. */
async function firstToday(deps: TCountViewDeps, row: ContactRow, viewer: TViewer, what: string, now: Date): Promise<boolean> {
  if (isUnadopted(row) || (viewer.accountId !== null && viewer.accountId === row.ownerAccountId)) return false;
  const untilTomorrow = DAY_MS - (now.getTime() % DAY_MS);
  const first = await deps.rateLimiter.consume(
    [{ key: `${what}:${viewMark(deps.signingKey, row.id, viewer, now)}`, limit: 1, windowMs: untilTomorrow }],
    now.getTime(),
  );
  return first.allowed;
}
