/**
 * The service worker's page side after registration: updates ("A new version is available":
 * the new worker waits until Reload, then takes over and the page reloads once; the app checks
 * for a new version when it comes back to the foreground and every hour), and messages to it.
 */
import { useSyncExternalStore } from 'react';

let waiting: ServiceWorker | null = null;
let watching = false;
const listeners = new Set<() => void>();
const setWaiting = (worker: ServiceWorker | null) => {
  waiting = worker;
  for (const l of listeners) l();
};

function watchForUpdates(reg: ServiceWorkerRegistration): void {
  // A waiting worker only means an update when a worker already controls this page.
  if (reg.waiting && navigator.serviceWorker.controller) setWaiting(reg.waiting);
  reg.addEventListener('updatefound', () => {
    const worker = reg.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && navigator.serviceWorker.controller) setWaiting(worker);
    });
  });
  const check = () => void reg.update().catch(() => undefined);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && check());
  setInterval(check, 60 * 60 * 1000);
}

/** Starts watching the registration for a new version (once; PwaHost calls it). */
export function watchServiceWorker(): void {
  if (watching || !('serviceWorker' in navigator)) return;
  watching = true;
  void navigator.serviceWorker.ready.then(watchForUpdates);
}

/** True while a new version waits for Reload. */
export function useUpdateAvailable(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => waiting !== null,
  );
}

/** Reload into the new version: the waiting worker takes over, then the page reloads once. */
export function applyUpdate(): void {
  if (!waiting) return window.location.reload();
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  waiting.postMessage({ type: 'skipWaiting' });
}

/** Sends a message to the active service worker, if any (cacheApp, warm, clearPrivate). */
export function postToServiceWorker(message: { type: 'cacheApp' } | { type: 'clearPrivate' } | { type: 'warm'; urls: string[] }): void {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready.then((reg) => reg.active?.postMessage(message));
}
