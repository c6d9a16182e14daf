/**
 * Issue 26 offline exchange: a visitor's details sent without a network are kept on the device
 * (local storage, so they survive a reload) and sent when the network returns, exactly once:
 * each carries the `clientRequestId` its window made, and the server answers the same id with
 * the same lead. A refusal (4xx) drops it with nothing shown later; no answer or a 5xx keeps it.
 * The app starts the outbox when something waits in it (App.tsx, and card-boot.ts starts the
 * app for it on a server-rendered card page).
 */
import type { TExchangeRequest } from '@vbc/shared/leads';
import { HttpError } from '../api/http.ts';
import { sendExchange } from '../api/leads.ts';
import { readStored, writeStored } from '../platform/storage.ts';

/** One exchange waiting for the network. */
export interface TQueuedExchange {
  contactId: string;
  body: TExchangeRequest & { clientRequestId: string };
  queuedAt: string;
}

/** What became of a queued exchange once tried: sent (its lead), or refused for good. */
export type TExchangeOutcome = { clientRequestId: string } & ({ kind: 'sent'; leadId: string } | { kind: 'refused'; error: HttpError });

/** How long after a failed try (the server unreachable while the device is online, or a 5xx) the next one comes. */
export const EXCHANGE_RETRY_MS = 30_000;

const isQueued = (value: unknown): value is TQueuedExchange =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as TQueuedExchange).contactId === 'string' &&
  typeof (value as TQueuedExchange).body?.clientRequestId === 'string';

/** The waiting exchanges, oldest first (an unreadable store reads as empty). */
export function readExchangeOutbox(): TQueuedExchange[] {
  const raw = readStored('exchangeOutbox');
  if (!raw) return [];
  try {
    const list: unknown = JSON.parse(raw);
    return Array.isArray(list) ? list.filter(isQueued) : [];
  } catch {
    return [];
  }
}

const writeOutbox = (list: TQueuedExchange[]) => writeStored('exchangeOutbox', list.length ? JSON.stringify(list) : null);

/** Keeps an exchange for later (once per clientRequestId). */
export function queueExchange(contactId: string, body: TQueuedExchange['body']): void {
  const list = readExchangeOutbox().filter((q) => q.body.clientRequestId !== body.clientRequestId);
  writeOutbox([...list, { contactId, body, queuedAt: new Date().toISOString() }]);
}

const listeners = new Set<(outcome: TExchangeOutcome) => void>();

/** Hears what becomes of queued exchanges (an open window turns "Saved" into "Sent!"); returns the unsubscribe. */
export function onExchangeOutcome(listener: (outcome: TExchangeOutcome) => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** No answer at all (offline, refused connection) or the server's own failure: worth another try. */
const isTransient = (error: unknown) => !(error instanceof HttpError) || error.status === 0 || error.status >= 500;

let flushing: Promise<void> | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

/** Sends what waits, oldest first, stopping at the first transient failure (tried again later). */
async function flushOnce(send: typeof sendExchange): Promise<void> {
  for (;;) {
    // Read again each time: another tab may have sent (and removed) one meanwhile.
    const next = readExchangeOutbox()[0];
    if (!next) return;
    const id = next.body.clientRequestId;
    const drop = () => writeOutbox(readExchangeOutbox().filter((q) => q.body.clientRequestId !== id));
    try {
      const { leadId } = await send(next.contactId, next.body);
      drop();
      for (const listener of [...listeners]) listener({ clientRequestId: id, kind: 'sent', leadId });
    } catch (error) {
      if (isTransient(error)) {
        clearTimeout(retryTimer);
        if (typeof navigator === 'undefined' || navigator.onLine !== false)
          retryTimer = setTimeout(() => void flushExchangeOutbox(), EXCHANGE_RETRY_MS);
        return;
      }
      drop();
      for (const listener of [...listeners]) listener({ clientRequestId: id, kind: 'refused', error: error as HttpError });
    }
  }
}

/**
 * Sends the waiting exchanges now. One flush at a time in this page, and one across the
 * browser's tabs where Web Locks exist; the server's clientRequestId check covers the rest.
 */
export function flushExchangeOutbox(send: typeof sendExchange = sendExchange): Promise<void> {
  if (flushing) return flushing;
  const run = () => flushOnce(send);
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  const flush: Promise<void> = (locks ? locks.request('vbc.exchangeOutbox', run).then(() => undefined) : run()).finally(() => {
    flushing = null;
  });
  flushing = flush;
  return flush;
}

let started = false;

/** Sends what waits now (when online) and again each time the network returns, for the page's life. */
export function startExchangeOutbox(): void {
  if (!started) {
    started = true;
    window.addEventListener('online', () => void flushExchangeOutbox());
  }
  if (navigator.onLine !== false && readExchangeOutbox().length > 0) void flushExchangeOutbox();
}

/** What a submission became: sent (its lead), or kept on the device until the network returns. */
export type TExchangeSubmission = { kind: 'sent'; leadId: string } | { kind: 'queued' };

/**
 * Sends an exchange from the window: at once when there is a network, else (or when the request
 * gets no answer at all) kept in the outbox. A refusal or a server error rejects as usual.
 */
export async function submitExchange(
  contactId: string,
  body: TQueuedExchange['body'],
  send: typeof sendExchange = sendExchange,
): Promise<TExchangeSubmission> {
  const keep = (): TExchangeSubmission => {
    queueExchange(contactId, body);
    startExchangeOutbox();
    return { kind: 'queued' };
  };
  if (navigator.onLine === false) return keep();
  try {
    const { leadId } = await send(contactId, body);
    return { kind: 'sent', leadId };
  } catch (error) {
    if (error instanceof HttpError && error.status === 0) return keep();
    throw error;
  }
}
