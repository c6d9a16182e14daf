/**
 * The real-time client (docs/contracts.md §4 "Real-time connection", §7 hub, §9 hub constants): one SignalR
 * connection to /personalHub while signed in. `@microsoft/signalr` is imported on demand, so it
 * never weighs on a card's first load; when that import fails the state says 'Failed to inject
 * SignalR' (docs/contracts.md §8). Drops are retried after 0, 2, 10 and 30 s, then it stops and waits for
 * `reconnectRealtime()` (the visible Reconnect action), the network coming back or the tab
 * returning to the foreground. Hub events go out on the client-event bus; every (re)connect, and
 * the server's Resync event, tells `onRealtimeResync` listeners to catch up over HTTP (docs/contracts.md §D5).
 */
import type * as SignalR from '@microsoft/signalr';
import type { HubConnection } from '@microsoft/signalr';
import { HUB } from '@vbc/shared/constants';
import { readStored } from '../platform/storage.ts';
import { HUB_EVENTS, toClientEvent } from './hub-events.ts';

/** docs/contracts.md §4 connection states (the names of @microsoft/signalr's HubConnectionState). */
export type TConnectionState = 'Disconnected' | 'Connecting' | 'Connected' | 'Reconnecting' | 'Disconnecting';

export interface TRealtimeStatus {
  state: TConnectionState;
  /** Why the connection is down, when known (library text, or 'Failed to inject SignalR'). */
  error: string | null;
  /** True after the retries ran out (or the client could not load): offer Reconnect. */
  gaveUp: boolean;
}

/** docs/contracts.md §8: the real-time client's code could not be loaded. */
export const FAILED_TO_INJECT = 'Failed to inject SignalR';

/**
 * The hub address: same origin; on a local-development host (localhost with VITE_LOCAL_HUB set
 * in a dev build) the local server on port 5002 (docs/contracts.md §7).
 */
export function hubUrl(location: Pick<Location, 'hostname' | 'protocol'> = window.location): string {
  const localDev = import.meta.env.DEV && Boolean(import.meta.env.VITE_LOCAL_HUB) && location.hostname === 'localhost';
  return localDev ? `${location.protocol}//localhost:5002${HUB.path}` : HUB.path;
}

let status: TRealtimeStatus = { state: 'Disconnected', error: null, gaveUp: false };
const statusListeners = new Set<() => void>();
const resyncListeners = new Set<() => void>();

let connection: HubConnection | null = null;
/** True between startRealtime and stopRealtime (the session is signed in). */
let wanted = false;
/** Bumped on every start/stop so that a late callback of an old attempt does nothing. */
let generation = 0;
let retryTimer: number | undefined;

function setStatus(next: Partial<TRealtimeStatus>): void {
  status = { ...status, ...next };
  // Visible to tests and to anyone debugging: <html data-realtime="Connected">.
  document.documentElement.dataset.realtime = status.state;
  for (const listener of [...statusListeners]) listener();
}

/** The current status (a stable object until it changes: fit for useSyncExternalStore). */
export const getRealtimeStatus = (): TRealtimeStatus => status;

export function subscribeRealtimeStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

/** Called after every successful (re)connect and on the server's Resync: fetch what may have been missed meanwhile. */
export function onRealtimeResync(listener: () => void): () => void {
  resyncListeners.add(listener);
  return () => resyncListeners.delete(listener);
}

const resync = () => {
  for (const listener of [...resyncListeners]) {
    try {
      listener();
    } catch (error) {
      console.error('realtime resync listener failed', error);
    }
  }
};

/**
 * Hands the hub's events to the client-event bus, and treats the server's Resync (its backplane
 * lost events while Redis was away) like a reconnect: the resync listeners catch up over HTTP.
 */
export function listenToHub(hub: Pick<HubConnection, 'on'>): void {
  for (const method of HUB_EVENTS) {
    hub.on(method, (payload: unknown) => toClientEvent(method, payload));
  }
  hub.on(HUB.resyncMethod, resync);
}

/** Library logs: warnings only (docs/contracts.md §8: its errors carry no user-facing text; the state shows them). */
const quietLogger = {
  log(level: number, message: string) {
    if (level >= 3 /* LogLevel.Warning */ && level < 6 /* LogLevel.None */) console.warn(`[realtime] ${message}`);
  },
};

async function build(): Promise<HubConnection | null> {
  if (connection) return connection;
  let signalr: typeof SignalR;
  try {
    signalr = await import('@microsoft/signalr');
  } catch {
    setStatus({ state: 'Disconnected', error: FAILED_TO_INJECT, gaveUp: true });
    return null;
  }
  const built = new signalr.HubConnectionBuilder()
    .withUrl(hubUrl(), { accessTokenFactory: () => readStored('accessToken') ?? '' })
    .withAutomaticReconnect([...HUB.reconnectDelaysMs])
    .withServerTimeout(HUB.serverTimeoutMs)
    .withKeepAliveInterval(HUB.keepAliveIntervalMs)
    .configureLogging(quietLogger)
    .build();
  listenToHub(built);
  built.onreconnecting((error) => {
    if (built !== connection) return;
    setStatus({ state: 'Reconnecting', error: error?.message ?? null, gaveUp: false });
  });
  built.onreconnected(() => {
    if (built !== connection) return;
    setStatus({ state: 'Connected', error: null, gaveUp: false });
    resync();
  });
  built.onclose((error) => {
    if (built !== connection) return;
    // Retries ran out, or the server closed without reconnect (sign-out elsewhere, account deleted).
    setStatus({ state: 'Disconnected', error: error?.message ?? null, gaveUp: wanted });
  });
  connection = built;
  return built;
}

/** Starts, retrying a failed start on the same 0/2/10/30 s schedule as a dropped connection. */
async function connect(attempt: number, run: number): Promise<void> {
  const hub = await build();
  if (!hub || run !== generation || !wanted) return;
  if (hub.state !== 'Disconnected') return;
  setStatus({ state: 'Connecting', gaveUp: false });
  try {
    await hub.start();
    if (run !== generation) return;
    setStatus({ state: 'Connected', error: null, gaveUp: false });
    resync();
  } catch (error) {
    if (run !== generation || !wanted) return;
    const delay = HUB.reconnectDelaysMs[attempt + 1];
    const text = error instanceof Error ? error.message : String(error);
    if (delay === undefined) {
      setStatus({ state: 'Disconnected', error: text, gaveUp: true });
      return;
    }
    setStatus({ state: 'Reconnecting', error: text, gaveUp: false });
    retryTimer = window.setTimeout(() => void connect(attempt + 1, run), delay);
  }
}

/** Connects (signed in). Safe to call again. */
export function startRealtime(): void {
  if (wanted) return;
  wanted = true;
  generation++;
  window.addEventListener('online', wake);
  document.addEventListener('visibilitychange', wake);
  void connect(0, generation);
}

/** Disconnects for good (signed out). */
export async function stopRealtime(): Promise<void> {
  wanted = false;
  generation++;
  window.clearTimeout(retryTimer);
  window.removeEventListener('online', wake);
  document.removeEventListener('visibilitychange', wake);
  const hub = connection;
  connection = null;
  if (hub) {
    setStatus({ state: 'Disconnecting' });
    await hub.stop().catch(() => undefined);
  }
  setStatus({ state: 'Disconnected', error: null, gaveUp: false });
}

/** The Reconnect action: a fresh round of attempts (and a fresh try at loading the client). */
export function reconnectRealtime(): void {
  if (!wanted) return;
  if (connection && connection.state !== 'Disconnected') return;
  window.clearTimeout(retryTimer);
  generation++;
  void connect(0, generation);
}

/** Back online or back in the foreground after giving up: try again by itself. */
function wake(): void {
  if (document.visibilityState === 'hidden') return;
  if (status.state === 'Disconnected' && status.gaveUp) reconnectRealtime();
}
