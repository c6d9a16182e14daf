/**
 * The iOS wrapper bridge (docs/contracts.md §1, §9; contract in docs/ios-bridge.md).
 *
 * The wrapper is a WKWebView that, before the page's scripts run, sets the start hook
 * `window.vbcNativeApp = { platform: 'ios', version }` and registers the script message handler
 * `vbc` (so `window.webkit.messageHandlers.vbc.postMessage` exists). The web app talks to it with
 * `postToNative(action, payload)`; the native side answers by calling `window.vbcNativeReceive(
 * { action, payload })`. The web app posts `ready` once its receiver is installed, so nothing the
 * native side sends before that is lost.
 */

/** What the web app asks of the native side. */
export interface TWebToNative {
  /** The web app's receiver is installed: the native side may now send what it has (its APNs token). */
  ready: { version: 1 };
  /** Ask iOS for notification permission and an APNs token (answered with `apnToken`, or `pushDenied`). */
  requestPush: Record<string, never>;
  /** An Apple Wallet pass to present with PKAddPassesViewController (docs/contracts.md §7 action 'pkpass'). */
  pkpass: { /** The .pkpass file, base64. */ data: string; fileName: string; mimeType: 'application/vnd.apple.pkpass' };
  /** The signed-in account changed (null: signed out) — the wrapper may clear its badge. */
  session: { accountId: string | null };
}

/** What the native side sends to the web app. */
export interface TNativeToWeb {
  /** The device's APNs token (hex); the web app registers it as `apnDeviceToken` while signed in. */
  apnToken: { token: string };
  /** The person refused notifications in iOS. */
  pushDenied: Record<string, never>;
  /** A notification was tapped: open this address inside /vbc/ (the push payload's `url`). */
  openUrl: { url: string };
  /** After `pkpass`: whether the pass was added. */
  pkpassResult: { added: boolean; error?: string };
  /** The app came back to the foreground (docs/contracts.md §3 client event). */
  foreground: Record<string, never>;
}

export type TWebToNativeAction = keyof TWebToNative;
export type TNativeToWebAction = keyof TNativeToWeb;

interface TNativeWindow {
  vbcNativeApp?: { platform?: string; version?: number | string };
  vbcNativeReceive?: (message: unknown) => void;
  webkit?: { messageHandlers?: { vbc?: { postMessage(message: unknown): void } } };
}

const win = () => window as unknown as TNativeWindow;

/** True inside the iOS wrapper: the start hook and the `vbc` message handler are both there. */
export function isNativeApp(): boolean {
  const w = win();
  return typeof w.vbcNativeApp === 'object' && w.vbcNativeApp !== null && typeof w.webkit?.messageHandlers?.vbc?.postMessage === 'function';
}

/** Sends `{action, payload}` to the native side; false when not inside the wrapper. */
export function postToNative<A extends TWebToNativeAction>(action: A, payload: TWebToNative[A]): boolean {
  if (!isNativeApp()) return false;
  win().webkit!.messageHandlers!.vbc!.postMessage({ action, payload });
  return true;
}

type Handler<A extends TNativeToWebAction> = (payload: TNativeToWeb[A]) => void;
const handlers = new Map<TNativeToWebAction, Set<Handler<TNativeToWebAction>>>();
/** Messages that arrived before anyone listened for their action (the token comes early). */
const unclaimed = new Map<TNativeToWebAction, TNativeToWeb[TNativeToWebAction]>();

/** Listens for one native action; a message that arrived before the first listener is handed over at once. Returns the unsubscribe. */
export function onNativeMessage<A extends TNativeToWebAction>(action: A, handler: Handler<A>): () => void {
  let set = handlers.get(action);
  if (!set) handlers.set(action, (set = new Set()));
  set.add(handler as Handler<TNativeToWebAction>);
  if (unclaimed.has(action)) {
    const payload = unclaimed.get(action) as TNativeToWeb[A];
    unclaimed.delete(action);
    handler(payload);
  }
  return () => set.delete(handler as Handler<TNativeToWebAction>);
}

const KNOWN: readonly TNativeToWebAction[] = ['apnToken', 'pushDenied', 'openUrl', 'pkpassResult', 'foreground'];

function receive(message: unknown): void {
  const { action, payload } = (typeof message === 'string' ? JSON.parse(message) : message) as { action?: unknown; payload?: unknown };
  if (typeof action !== 'string' || !(KNOWN as readonly string[]).includes(action)) {
    console.warn('unknown native bridge message', action);
    return;
  }
  const a = action as TNativeToWebAction;
  const p = (payload ?? {}) as TNativeToWeb[TNativeToWebAction];
  const set = handlers.get(a);
  if (set && set.size > 0) for (const h of set) h(p);
  else unclaimed.set(a, p);
}

let started = false;

/** Installs `window.vbcNativeReceive` and posts `ready` (once; no-op outside the wrapper). Returns whether inside it. */
export function startNativeBridge(): boolean {
  if (!isNativeApp()) return false;
  if (started) return true;
  started = true;
  win().vbcNativeReceive = receive;
  postToNative('ready', { version: 1 });
  return true;
}

/** Test helper: forget listeners, early messages and the started flag. */
export function resetNativeBridgeForTests(): void {
  handlers.clear();
  unclaimed.clear();
  started = false;
  delete win().vbcNativeReceive;
}
