/**
 * The push calls of docs/contracts.md §7 and the browser's side of web push: permission, the service worker's
 * PushManager subscription, and the server's record of it. In the iOS wrapper the native side
 * gives an APNs token instead (src/native/bridge.ts).
 */
import type { TCheckForPushSubscription, TVapidPublicKey } from '@vbc/shared/push';
import { http } from '../api/http.ts';
import { readStored, writeStored } from '../platform/storage.ts';

export const checkForPushSubscription = () => http.get<TCheckForPushSubscription>('/api/personalAccount/checkForPushSubscription');
export const registerApnDeviceToken = (apnDeviceToken: string) =>
  http.post<void>('/api/personalAccount/registerPushSubscription', { apnDeviceToken });
const unregisterOnServer = (body?: { endpoint?: string; apnDeviceToken?: string }) =>
  http.post<void>('/api/personalAccount/unRegisterForPushSubscription', body);

/** Web push works here: a service worker, PushManager and Notification (not in the iOS wrapper's WebView). */
export function webPushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The browser's answer so far: 'default' (undecided), 'granted' or 'denied'. */
export function pushPermission(): NotificationPermission {
  return webPushSupported() ? Notification.permission : 'denied';
}

/** Runs as an installed app (display-mode standalone, or iOS home-screen mode). */
export function isStandalone(): boolean {
  return window.matchMedia?.('(display-mode: standalone)').matches === true || (navigator as { standalone?: boolean }).standalone === true;
}

/** docs/contracts.md §3 local flag: the push question was asked on this device. */
export const pushAskedBefore = (): boolean => readStored('pushAsked') === 'true';
export const markPushAsked = (): void => writeStored('pushAsked', 'true');

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.ready;
}

/**
 * Subscribes this browser (asking for permission when undecided) and registers the subscription
 * with the server. Resolves false when permission is refused or push is unavailable.
 */
export async function enableWebPush(): Promise<boolean> {
  if (!webPushSupported()) return false;
  const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission !== 'granted') return false;
  const reg = await registration();
  const { publicKey } = await http.get<TVapidPublicKey>('/api/push/vapidPublicKey', { auth: false });
  let subscription = await reg.pushManager.getSubscription();
  // A subscription made for another server key (keys rotated) is useless: make a new one.
  const current = subscription?.options.applicationServerKey;
  if (
    subscription &&
    current &&
    btoa(String.fromCharCode(...new Uint8Array(current)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '') !== publicKey
  ) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  const json = subscription.toJSON();
  await http.post<void>('/api/personalAccount/registerPushSubscription', {
    endpoint: json.endpoint,
    expirationTime: json.expirationTime ?? null,
    keyP256Dh: json.keys?.p256dh,
    keyAuth: json.keys?.auth,
  });
  return true;
}

/** Stops push on this device: the server forgets it, and the browser subscription ends. */
export async function disableWebPush(): Promise<void> {
  const subscription = webPushSupported() ? await (await registration()).pushManager.getSubscription() : null;
  await unregisterOnServer(subscription ? { endpoint: subscription.endpoint } : undefined);
  await subscription?.unsubscribe();
}

/** The iOS wrapper: the server forgets this sign-in's token. */
export const disableNativePush = () => unregisterOnServer();
